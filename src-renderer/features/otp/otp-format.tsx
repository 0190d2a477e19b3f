// How OTP things read in the console: channel names, request statuses as chips, and durations in words.
import type { OtpStatus } from '../../../src-core/contract/index.ts';

export { CHANNEL_LABEL } from '../../components/format.ts';

export const STATUS_LABEL: Record<OtpStatus, string> = { sent: 'Awaiting code', verified: 'Verified', expired: 'Expired', blocked: 'Blocked' };

const STATUS_MEANING: Record<OtpStatus, string> = {
  sent: 'The code was sent and has not been entered yet',
  verified: 'The right code was entered',
  expired: 'The code was not entered before it expired',
  blocked: 'Too many wrong codes: a new OTP must be sent',
};

export function OtpStatusChip({ status }: { status: OtpStatus }) {
  return (
    <span className={`otp-status is-${status}`} title={`${STATUS_MEANING[status]} (status "${status}")`} data-testid="otp-status" data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** 300 → "5 min", 90 → "1 min 30 s", 3600 → "1 h", 0 → "none". */
export function duration(seconds: number): string {
  if (seconds === 0) return 'none';
  const parts: string[] = [];
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  if (rest) parts.push(`${rest} s`);
  return parts.join(' ');
}

/** 33.333 → "33.33%", 100 → "100%". */
export const percent = (rate: number): string => `${Number.isInteger(rate) ? rate : rate.toFixed(2)}%`;
