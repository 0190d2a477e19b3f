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

export function hostAndPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}
