// An SMS text that must match an approved DLT template: the templates as hints (a click starts from one,
// with an input per {#var#}; behind a toggle in the inbox), the text, and a live check of which template it
// matches ({#var#} is 1 to 30 characters), done locally. A text still holding a {#var#} is unfilled: it matches nothing.
import { useId, useState, type KeyboardEvent } from 'react';
import { thenFocus } from '../../components/focus.ts';
import { ChannelsLink } from './channels-link.tsx';
import { DLT_VAR_MAX, type SmsTemplate } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useSmsTemplates } from '../channels/queries.ts';
import { DLT_VAR, fillTemplate, matchingTemplate, templateUnderReview, unfilledVars } from './dlt.ts';

type Filling = { template: SmsTemplate; values: string[] };

/**
 * `compactHints` (the inbox composer, where the thread needs the height): the templates stay behind a toggle until asked for.
 * `onKeyDown`: the text's (the inbox composer's `/` opens its saved replies).
 */
export function SmsBodyField({ label, value, onChange, testId, compactHints = false, onKeyDown }: {
  label: string; value: string; onChange(text: string): void; testId: string; compactHints?: boolean; onKeyDown?: ((event: KeyboardEvent<HTMLTextAreaElement>) => void) | undefined;
}) {
  const id = useId();
  const templates = useSmsTemplates();
  const [picked, setPicked] = useState<Filling | null>(null);
  const all = templates.data?.data ?? [];
  const approved = all.filter((t) => t.status === 'APPROVED');
  const match = matchingTemplate(all, value);
  const underReview = match ? null : templateUnderReview(all, value);
  const unfilled = unfilledVars(value);
  // The inputs stand for the text only while it is the picked template filled with them: once the text is
  // edited by hand (or cleared after a send) it is free text again.
  const filling = picked && value === fillTemplate(picked.template.body, picked.values) ? picked : null;
  const fill = (next: Filling) => {
    setPicked(next);
    onChange(fillTemplate(next.template.body, next.values));
  };
  // A template picked: the typing goes on in its first {#var#}'s input (above the hints, where the click was), or in
  // the text itself for a template without one.
  const pick = (next: Filling) => thenFocus(() => fill(next), () => document.getElementById(next.values.length ? `${id}-var-1` : id));
  return (
    <div className="sms-body">
      <label className="field" htmlFor={id}><span>{label}</span></label>
      {/* A text that matches no approved template is invalid, with the check's sentence as its description. */}
      <textarea id={id} rows={compactHints ? 2 : 4} value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} maxLength={2000} spellCheck={false} data-testid={testId}
        placeholder="Write the text of an approved DLT template, with each {#var#} filled in" aria-invalid={Boolean(value) && !match} aria-describedby={value ? `${id}-dlt` : undefined} />
      {filling && filling.values.length ? <VariableInputs filling={filling} onFill={fill} testId={testId} idPrefix={id} /> : null}
      <div className="sms-body-meta">
        {value ? (
          <span id={`${id}-dlt`} className={`dlt-check ${match ? 'is-match' : 'is-miss'}`} data-testid={`${testId}-dlt`} data-match={match?.name ?? ''} data-unfilled={unfilled} role="status">
            {match ? `Matches template “${match.name}” (${match.route})`
              : unfilled ? `Fill each ${DLT_VAR}: ${unfilled} still empty, so it cannot be sent yet`
                : underReview ? `Matches template “${underReview.name}”, still under review: it can be sent once approved`
                  : `Matches no approved DLT template, so it cannot be sent: start from one below and fill in each ${DLT_VAR}`}
          </span>
        ) : <span className="muted small">Each {'{#var#}'} may be filled with 1 to 30 characters.</span>}
        <span className="muted small">{value.length.toLocaleString()} characters</span>
      </div>
      {templates.isPending ? <Loading label="Loading DLT templates…" /> : null}
      {templates.isError ? <ErrorState error={templates.error} onRetry={() => void templates.refetch()} /> : null}
      {templates.data ? <TemplateHints approved={approved} pending={all.length - approved.length} matched={match?.id ?? filling?.template.id} compact={compactHints}
        onPick={(template) => pick({ template, values: Array.from({ length: unfilledVars(template.body) }, () => '') })} /> : null}
    </div>
  );
}

const placeholderAfter = (literal: string, i: number): string => {
  const before = literal.trimEnd();
  return before ? `after “${before.length > 24 ? `…${before.slice(-24)}` : before}”` : `value ${i + 1}`;
};

/** One input per {#var#} of the picked template, each labelled with the words before it. */
function VariableInputs({ filling, onFill, testId, idPrefix }: { filling: Filling; onFill(next: Filling): void; testId: string; idPrefix: string }) {
  const literals = filling.template.body.split(DLT_VAR);
  return (
    <div className="placeholders" data-testid={`${testId}-vars`}>
      <span className="muted small">Values of “{filling.template.name}” (1 to {DLT_VAR_MAX} characters each)</span>
      {filling.values.map((text, i) => (
        <label key={i} className="placeholder-row">
          <span className="placeholder-token">{`${DLT_VAR} ${i + 1}`}</span>
          <input id={`${idPrefix}-var-${i + 1}`} className="grow" value={text} maxLength={DLT_VAR_MAX} data-testid={`${testId}-var-${i + 1}`} aria-label={`Value of ${DLT_VAR} ${i + 1}`}
            placeholder={placeholderAfter(literals[i] ?? '', i)}
            onChange={(e) => onFill({ ...filling, values: filling.values.map((v, k) => (k === i ? e.target.value : v)) })} />
        </label>
      ))}
    </div>
  );
}

function TemplateHints({ approved, pending, onPick, matched, compact }: {
  approved: SmsTemplate[]; pending: number; onPick(template: SmsTemplate): void; matched: string | undefined; compact: boolean;
}) {
  const [open, setOpen] = useState(!compact);
  if (!approved.length) return (
    <p className="muted small">
      No approved DLT template yet: register one under <ChannelsLink tab="sms" testId="builder-to-channels">Channels, SMS</ChannelsLink> first (approved a
      minute later on the virtual clock).
    </p>
  );
  if (!open) {
    return (
      <button type="button" className="button ghost dlt-toggle" aria-expanded={false} onClick={() => setOpen(true)} data-testid="dlt-templates-toggle">
        Templates ({approved.length}) ▾
      </button>
    );
  }
  const pick = (template: SmsTemplate) => {
    onPick(template);
    if (compact) setOpen(false);
  };
  return (
    <div className="dlt-hints" data-testid="dlt-templates">
      {compact ? <button type="button" className="button ghost dlt-toggle" aria-expanded onClick={() => setOpen(false)} data-testid="dlt-templates-toggle">Templates ({approved.length}) ▴</button> : null}
      <span className="muted small">Approved DLT templates (click to start from one){pending ? `; ${pending} more under review` : ''}:</span>
      <ul>
        {approved.map((t) => (
          <li key={t.id}>
            <button type="button" className={`dlt-hint${t.id === matched ? ' matched' : ''}`} onClick={() => pick(t)} data-testid="dlt-template" data-template-name={t.name}>
              <span className="dlt-hint-head"><strong>{t.name}</strong><span className="chip subtle">{t.route}</span></span>
              <code>{t.body}</code>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
