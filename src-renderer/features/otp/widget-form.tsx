// Creating or changing an OTP widget. What the core would refuse is named under its field as it is typed
// (and all at once on a submit), and nothing is sent until it is fixed; a refusal of the core still shows.
// A field is named by its label alone and described by its problem, or while it has none by its hint.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { OtpWidget, UpdateOtpWidgetInput } from '../../../src-core/contract/index.ts';
import { FieldProblem, fieldProps, LabelledField, problemIdOf } from '../../components/field-refusal.tsx';
import { ErrorState } from '../../components/states.tsx';
import { ChannelOrder } from './channel-order.tsx';
import { useCreateOtpWidget, useUpdateOtpWidget, type NewOtpWidget } from './mutations.ts';
import { duration } from './otp-format.tsx';
import {
  checkChanges, checkNew, draftOf, FIELD_LABEL, FIELD_UNIT, limitsOf, NUMBER_FIELDS, type NumberField, type WidgetDraft, type WidgetField,
} from './widget-draft.ts';

const HELP: Record<NumberField, string> = {
  otpLength: 'Digits in each code', expirySeconds: 'How long a code works', resendCooldownSeconds: 'Wait between resends',
  maxResends: 'Resends of one request', maxSendsPerHour: 'Sends and resends to one phone in an hour', maxVerifyAttempts: 'Wrong codes before the request is blocked',
};
const SECONDS: ReadonlySet<NumberField> = new Set(['expirySeconds', 'resendCooldownSeconds']);

/** The id of a field of the form (its label's `for`), and of its hint. */
const idOf = (field: WidgetField) => `otp-field-${field}`;
const hintIdOf = (field: WidgetField) => `${idOf(field)}-hint`;

/**
 * The attributes of `field`'s control: named by its label; described by its problem (and marked invalid), or while it
 * has none by its hint, which is then shown in the problem's place.
 */
const describedProps = (field: WidgetField, problem: string | undefined) => ({
  ...fieldProps(idOf(field), problem), ...(problem ? {} : { 'aria-describedby': hintIdOf(field) }),
});

/** A field's hint, shown under it while it has no problem. */
function Hint({ field, problem, children }: { field: WidgetField; problem: string | undefined; children: ReactNode }) {
  return problem ? null : <span className="otp-hint muted" id={hintIdOf(field)}>{children}</span>;
}

function NumberInput({ field, draft, placeholder, problem, onChange }: {
  field: NumberField; draft: WidgetDraft; placeholder: string; problem: string | undefined; onChange(text: string): void;
}) {
  const { min, max } = limitsOf(field);
  const value = Number(draft[field]);
  const spelled = SECONDS.has(field) && Number.isInteger(value) && value >= 60 ? ` · ${duration(value)}` : '';
  return (
    <LabelledField id={idOf(field)} label={<>{FIELD_LABEL[field]} <span className="muted">({FIELD_UNIT[field]}{spelled})</span></>} problem={problem} className="field otp-number">
      <input inputMode="numeric" value={draft[field]} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} {...describedProps(field, problem)}
        data-testid={`otp-field-${field}`} name={field} />
      <Hint field={field} problem={problem}>{HELP[field]}; {min} to {max}</Hint>
    </LabelledField>
  );
}

export function WidgetForm({ widget, onDone }: { widget: OtpWidget | null; onDone(saved: OtpWidget | null): void }) {
  const create = useCreateOtpWidget();
  const update = useUpdateOtpWidget();
  const saving = widget ? update : create;
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(widget));
  const [touched, setTouched] = useState<ReadonlySet<WidgetField>>(new Set());
  const [tried, setTried] = useState(false);
  const checked = widget ? checkChanges(widget, draft) : checkNew(draft);
  const problem = (field: WidgetField) => (!checked.ok && (tried || touched.has(field)) ? checked.problems[field] : undefined);
  const unchanged = widget !== null && checked.ok && Object.keys(checked.body).length === 0;
  const change = <K extends keyof WidgetDraft>(field: K, value: WidgetDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!checked.ok) {
      setTried(true);
      const first = Object.keys(checked.problems)[0];
      form.current?.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"] input`)?.focus();
      return;
    }
    if (!widget) create.mutate(checked.body as NewOtpWidget, { onSuccess: (saved) => onDone(saved) });
    else if (!unchanged) update.mutate({ id: widget.id, changes: checked.body as UpdateOtpWidgetInput }, { onSuccess: (saved) => onDone(saved) });
  }

  // Opened from New widget or Edit: the keyboard goes straight to the first field.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
  }, []);

  const defaults = draftOf(widget);
  return (
    <form ref={form} className="card form otp-form" onSubmit={submit} noValidate aria-label={widget ? `Change ${widget.name}` : 'New OTP widget'}
      data-testid="otp-widget-form" data-mode={widget ? 'edit' : 'new'}>
      <h3>{widget ? `Change ${widget.name}` : 'New OTP widget'}</h3>
      <LabelledField id={idOf('name')} label={FIELD_LABEL.name} problem={problem('name')}>
        <input value={draft.name} onChange={(e) => change('name', e.target.value)} placeholder="Checkout login" {...describedProps('name', problem('name'))} data-testid="otp-field-name" name="name" />
        <Hint field="name" problem={problem('name')}>Shown in the message: “… your verification code for <em>{draft.name.trim() || 'this name'}</em>”</Hint>
      </LabelledField>
      <div className="otp-form-grid">
        {NUMBER_FIELDS.map((field) => (
          <NumberInput key={field} field={field} draft={draft} placeholder={defaults[field]} problem={problem(field)} onChange={(text) => change(field, text)} />
        ))}
      </div>
      {/* The channels are a group of checkboxes: the group is named by its heading and described by its problem. */}
      <div className="field" role="group" aria-labelledby={`${idOf('channels')}-label`} aria-describedby={problem('channels') ? problemIdOf(idOf('channels')) : undefined}
        data-testid="otp-channels-field">
        <span className="field-name" id={`${idOf('channels')}-label`}>Delivery channels</span>
        <ChannelOrder value={draft.channels} onChange={(channels) => change('channels', channels)} invalid={Boolean(problem('channels'))} />
        <FieldProblem id={problemIdOf(idOf('channels'))} problem={problem('channels')} testId={problemIdOf(idOf('channels'))} />
      </div>
      {!checked.ok && tried ? <p className="field-error" data-testid="otp-form-blocked">Fix what is marked above: the widget was not {widget ? 'saved' : 'created'}.</p> : null}
      {saving.isError ? <ErrorState error={saving.error} /> : null}
      <div className="actions">
        <button type="button" className="button ghost" onClick={() => onDone(null)} data-testid="otp-widget-cancel">Cancel</button>
        <button type="submit" className="button primary" disabled={saving.isPending || unchanged} data-testid="otp-widget-save">
          {saving.isPending ? 'Saving…' : widget ? (unchanged ? 'No changes' : 'Save changes') : 'Create widget'}
        </button>
      </div>
    </form>
  );
}
