// An SMS text that must match an approved DLT template: the templates as hints (a click copies one in),
// the text, and a live check of which template it matches ({#var#} is 1 to 30 characters), done locally.
import { useId } from 'react';
import type { SmsTemplate } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useSmsTemplates } from '../channels/queries.ts';
import { matchingTemplate, templateUnderReview } from './dlt.ts';

export function SmsBodyField({ label, value, onChange, testId }: { label: string; value: string; onChange(text: string): void; testId: string }) {
  const id = useId();
  const templates = useSmsTemplates();
  const all = templates.data?.data ?? [];
  const approved = all.filter((t) => t.status === 'APPROVED');
  const match = matchingTemplate(all, value);
  const underReview = match ? null : templateUnderReview(all, value);
  return (
    <div className="sms-body">
      <label className="field" htmlFor={id}><span>{label}</span></label>
      <textarea id={id} rows={4} value={value} onChange={(e) => onChange(e.target.value)} maxLength={2000} spellCheck={false} data-testid={testId}
        placeholder="Write the text of an approved DLT template, with each {#var#} filled in" />
      <div className="sms-body-meta">
        {value ? (
          <span className={`dlt-check ${match ? 'is-match' : 'is-miss'}`} data-testid={`${testId}-dlt`} data-match={match?.name ?? ''} role="status">
            {match ? `Matches template “${match.name}” (${match.route})`
              : underReview ? `Matches template “${underReview.name}”, still under review: it can be sent once approved`
                : 'Matches no approved DLT template, so it cannot be sent: start from one below and fill in each {#var#}'}
          </span>
        ) : <span className="muted small">Each {'{#var#}'} may be filled with 1 to 30 characters.</span>}
        <span className="muted small">{value.length.toLocaleString()} characters</span>
      </div>
      {templates.isPending ? <Loading label="Loading DLT templates…" /> : null}
      {templates.isError ? <ErrorState error={templates.error} onRetry={() => void templates.refetch()} /> : null}
      {templates.data ? <TemplateHints approved={approved} pending={all.length - approved.length} onPick={onChange} matched={match?.id} /> : null}
    </div>
  );
}

function TemplateHints({ approved, pending, onPick, matched }: { approved: SmsTemplate[]; pending: number; onPick(body: string): void; matched: string | undefined }) {
  if (!approved.length) return <p className="muted small">No approved DLT template yet: register one under SMS first.</p>;
  return (
    <div className="dlt-hints" data-testid="dlt-templates">
      <span className="muted small">Approved DLT templates (click to start from one){pending ? `; ${pending} more under review` : ''}:</span>
      <ul>
        {approved.map((t) => (
          <li key={t.id}>
            <button type="button" className={`dlt-hint${t.id === matched ? ' matched' : ''}`} onClick={() => onPick(t.body)} data-testid="dlt-template" data-template-name={t.name}>
              <span className="dlt-hint-head"><strong>{t.name}</strong><span className="chip subtle">{t.route}</span></span>
              <code>{t.body}</code>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
