// How a delivery's status and an attempt's outcome look, and times relative to the virtual clock.
import type { DeliveryStatus } from '../../../src-core/contract/index.ts';

export const STATUS_LABEL: Record<DeliveryStatus, string> = {
  PENDING: 'Pending', SUCCEEDED: 'Succeeded', FAILED: 'Failed · retrying', EXHAUSTED: 'Exhausted', HELD: 'Held',
};

export function DeliveryStatusBadge({ status, title }: { status: DeliveryStatus; title?: string | null }) {
  return <span className={`wh-status wh-status-${status.toLowerCase()}`} title={title ?? undefined} data-testid="delivery-status" data-status={status}>{STATUS_LABEL[status]}</span>;
}

/**
 * An HTTP status of the receiver (2xx green, 4xx amber, 5xx red); "error" (red) for an attempt that got no
 * answer, with the transport error; a neutral "—" when there is no attempt yet.
 */
export function ResponseCode({ status, error }: { status: number | null; error?: string | null }) {
  if (status === null && error) return <span className="wh-code is-error" title={error} data-kind="error">error</span>;
  if (status === null) return <span className="wh-code is-none" title="No attempt yet" data-kind="none">—</span>;
  return <span className={`wh-code is-${String(status)[0]}xx`}>{status}</span>;
}

/** "in 10 s", "3 min ago": the distance from the virtual clock's now. */
export function relativeTo(iso: string, nowIso: string | undefined): string {
  if (!nowIso) return '';
  const seconds = Math.round((new Date(iso).getTime() - new Date(nowIso).getTime()) / 1000);
  const size = Math.abs(seconds);
  const amount = size < 60 ? `${size} s` : size < 3600 ? `${Math.round(size / 60)} min` : size < 86_400 ? `${Math.round(size / 3600)} h` : `${Math.round(size / 86_400)} d`;
  if (size === 0) return 'now';
  return seconds > 0 ? `in ${amount}` : `${amount} ago`;
}

export const latency = (ms: number | null): string => (ms === null ? '—' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

export function hostAndPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}
