// Email: the suppression list, the addresses every email to is refused after a bounce or a spam complaint, and taking
// one off (its owner asked again, or the mailbox that bounced works now), so it can be emailed again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSuppressionEntry } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { displayAddress } from '../../components/email-address.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { CHANNEL_QUERY_KEYS, useEmailSuppressions } from './queries.ts';

const REASON: Record<EmailSuppressionEntry['reason'], string> = { bounced: 'Bounced', complained: 'Marked as spam' };

export function EmailSuppressions() {
  const list = useEmailSuppressions();
  const api = useApi();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (email: string) => api.del<unknown>(`/dashboard/email/suppressions/${encodeURIComponent(email)}`),
    onSuccess: () => {
      for (const queryKey of CHANNEL_QUERY_KEYS) void client.invalidateQueries({ queryKey });
    },
  });
  return (
    <section className="card form" data-testid="email-suppressions">
      <h2 className="card-title">Suppressed addresses</h2>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} /> : list.data.data.length === 0 ? (
        <Empty title="No suppressed address">An address that bounces, or whose owner marks an email as spam, is listed here; every email to it is refused.</Empty>
      ) : (
        <>
          <p className="muted small hint">Every email to these is refused. Remove one only when its owner asks for your emails again, or its mailbox works again.</p>
          <ul className="plain-list">
            {list.data.data.map((s) => (
              <li key={s.email} data-testid="email-suppression" data-email={s.email}>
                <strong>{displayAddress(s.email)}</strong> <span className="muted small">{REASON[s.reason]} · <DateTime iso={s.suppressedAt} /></span>{' '}
                <button type="button" className="link small" disabled={remove.isPending} onClick={() => remove.mutate(s.email)}
                  aria-label={`Remove ${displayAddress(s.email)} from the suppression list`} data-testid="email-suppression-remove">Remove</button>
              </li>
            ))}
          </ul>
        </>
      )}
      {remove.isError ? <ErrorState error={remove.error} /> : null}
    </section>
  );
}
