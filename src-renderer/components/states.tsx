// Loading, empty and error states shared by every page; an error always shows the core's message.
import type { ReactNode } from 'react';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <div className="state" role="status"><span className="spinner" aria-hidden />{label}</div>;
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return <div className="state empty"><strong>{title}</strong>{children ? <span>{children}</span> : null}</div>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state error" role="alert" data-testid="error-state">
      <strong>Something went wrong</strong>
      <span>{message}</span>
      {onRetry ? <button type="button" className="button" onClick={onRetry}>Try again</button> : null}
    </div>
  );
}

export function Avatar({ name }: { name: string }) {
  const initials = name.split(/[\s._@-]+/).filter(Boolean).slice(0, 2).map((part) => part[0]?.toUpperCase()).join('') || '?';
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return <span className="avatar" style={{ background: `hsl(${hue} 55% 46%)` }} aria-hidden>{initials}</span>;
}
