// Loading, empty and error states shared by every page; an error always shows the core's message.
import type { ReactNode } from 'react';
import { ApiError } from '../api/http.ts';
import { avatarColor, avatarInitials } from './avatar-color.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <div className="state" role="status"><span className="spinner" aria-hidden />{label}</div>;
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return <div className="state empty"><strong>{title}</strong>{children ? <span>{children}</span> : null}</div>;
}

/**
 * What a form still needs before its submit is enabled ("Still needed: a name, a template."), under the form's
 * actions; nothing once it has it all. With an `id`, the submit names it in its aria-describedby, so a screen reader
 * says why it is unavailable (a tooltip reaches neither the keyboard nor a touch screen).
 */
export function StillNeeded({ items, id, testId = 'builder-blockers' }: { items: string[]; id?: string; testId?: string }) {
  return items.length ? <p className="muted small blockers" id={id} data-testid={testId}>Still needed: {items.join(', ')}.</p> : null;
}

/** A validation refusal (`Invalid body: a: …; b: …`) as one line per field; any other message as it came. */
export function problemsOf(message: string): { lead: string | null; items: string[] } {
  const match = /^Invalid (body|query|path parameters): (.*)$/s.exec(message);
  if (!match) return { lead: null, items: [message] };
  return { lead: `Check the ${match[1] === 'body' ? 'form' : match[1]}:`, items: (match[2] as string).split('; ') };
}

/**
 * The heading of an error: a 4xx is the core refusing what was asked, with its reason (`refused` names the refusal
 * where the page knows better, e.g. "Not sent"); a 404 is something that is not there; anything else (a 5xx, the
 * server out of reach, a crash) went wrong on the way.
 */
export function errorTitle(error: unknown, refused = 'Not accepted'): { title: string; kind: 'refused' | 'not-found' | 'failed' } {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return { title: 'Something went wrong', kind: 'failed' };
  return error.status === 404 && refused === 'Not accepted' ? { title: 'Not found', kind: 'not-found' } : { title: refused, kind: 'refused' };
}

/**
 * `action` replaces "Try again" where retrying cannot help (e.g. a way back to another page); `refused` heads a 4xx.
 * A 404 never offers "Try again": what is not there will not be there on a retry.
 */
export function ErrorState({ error, onRetry, action, refused }: { error: unknown; onRetry?: () => void; action?: { label: string; run(): void }; refused?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const { title, kind } = errorTitle(error, refused);
  const { lead, items } = problemsOf(message);
  return (
    <div className="state error" role="alert" data-testid="error-state" data-kind={kind}>
      <strong>{title}</strong>
      {lead ? <span>{lead}</span> : null}
      {items.length === 1 && !lead ? <span>{items[0]}</span> : <ul className="problems">{items.map((item) => <li key={item}>{item}</li>)}</ul>}
      {onRetry && kind !== 'not-found' ? <button type="button" className="button" onClick={onRetry}>Try again</button> : null}
      {action ? <button type="button" className="button" onClick={action.run} data-testid="error-action">{action.label}</button> : null}
    </div>
  );
}

export function Avatar({ name }: { name: string }) {
  return <span className="avatar" style={{ background: avatarColor(name) }} aria-hidden data-testid="avatar">{avatarInitials(name)}</span>;
}
