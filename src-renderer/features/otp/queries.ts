// Server data of the OTP page: the widgets, the analytics of one widget or all, and the log. The live stream reads the
// log and the analytics again as requests change (`otp:changed`; see api/live.ts), so nothing here is polled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListEnvelope, OtpAnalytics, OtpLog, OtpStatus, OtpWidget } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export const OTP_LOG_PAGE_SIZE = 25;

export function useOtpWidgets() {
  const api = useApi();
  return useQuery({ queryKey: ['otp', 'widgets'], queryFn: () => api.get<{ data: OtpWidget[] }>('/dashboard/otp-widgets') });
}

/** `widgetId` empty: every widget of the organization. */
export function useOtpAnalytics(widgetId: string) {
  const api = useApi();
  const query = widgetId ? `?widgetId=${encodeURIComponent(widgetId)}` : '';
  return useQuery({
    queryKey: ['otp', 'analytics', widgetId],
    queryFn: () => api.get<OtpAnalytics>(`/dashboard/otp/analytics${query}`),
    placeholderData: keepPreviousData,
  });
}

export type OtpLogFilter = { widgetId: string; status: OtpStatus | '' };

export function useOtpLogs(filter: OtpLogFilter, page: number) {
  const api = useApi();
  const params = new URLSearchParams({ page: String(page), limit: String(OTP_LOG_PAGE_SIZE) });
  // An empty filter is left out, not sent blank: the core reads `widgetId=` as a widget with an empty id.
  if (filter.widgetId) params.set('widgetId', filter.widgetId);
  if (filter.status) params.set('status', filter.status);
  return useQuery({
    queryKey: ['otp', 'logs', params.toString()],
    queryFn: () => api.get<ListEnvelope<OtpLog>>(`/dashboard/otp/logs?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
