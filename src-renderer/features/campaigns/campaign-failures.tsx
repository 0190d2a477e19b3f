// The recipients a campaign did not reach, and why (a blocked contact with its reason, no WhatsApp account,
// unreachable, a bounce...), a page at a time: the analytics say only how many. Its title counts the failed and the
// blocked apart, as the progress and the funnel do.
import { useEffect, useState } from 'react';
import type { CampaignFailure } from '../../../src-core/contract/index.ts';
import { Pager } from '../../components/pager.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useCampaignFailures, type CampaignTab } from './queries.ts';

/** The reason as a person reads it: the contact is named in the Recipient column, so its id (for integrators) is left out. */
export const readableReason = (f: CampaignFailure): string => (f.contact ? f.reason.replace(` (${f.contact.id})`, '') : f.reason);

/** `failed`: every recipient not reached (the core's `failed`); `blocked`: of them, those whose contact is blocked. */
export function FailedRecipients({ channel, id, failed, blocked }: { channel: CampaignTab; id: string; failed: number; blocked: number }) {
  const [page, setPage] = useState(1);
  const failures = useCampaignFailures(channel, id, page, failed > 0);
  // Another campaign opened in the same view starts on its first page.
  useEffect(() => setPage(1), [id]);
  if (failed === 0) return null;
  return (
    <section className="card" aria-label={blocked > 0 ? 'Failed and blocked recipients' : 'Failed recipients'} data-testid="failed-recipients">
      <h2 className="card-title">
        {blocked > 0 ? 'Failed and blocked recipients' : 'Failed recipients'}{' '}
        <span className="muted" data-testid="failed-recipients-count">
          {blocked > 0 ? `${(failed - blocked).toLocaleString()} failed · ${blocked.toLocaleString()} blocked` : failed.toLocaleString()}
        </span>
      </h2>
      {failures.isError ? <ErrorState error={failures.error} onRetry={() => void failures.refetch()} /> : null}
      {!failures.data && !failures.isError ? <Loading label="Loading failed recipients…" /> : null}
      {failures.data ? (
        <>
          <table className="table">
            <thead><tr><th scope="col">Recipient</th><th scope="col">Reason</th></tr></thead>
            <tbody>
              {failures.data.data.map((f, i) => (
                <tr key={`${f.address}-${i}`} data-testid="failed-recipient" data-address={f.address} data-code={f.code ?? ''}>
                  <td>{f.contact?.name ? <><span data-testid="failed-contact">{f.contact.name}</span> </> : null}<code>{f.address}</code></td>
                  <td>{readableReason(f)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} totalPages={failures.data.meta.totalPages} onPage={setPage} labels={['Previous', 'Next']} />
        </>
      ) : null}
    </section>
  );
}
