// An OTP widget's form as typed (text for each number, the channels in order) and what the core would make
// of it. The contract's own schemas do the checking, so the form refuses exactly what the core would.
import {
  createOtpWidgetBodySchema, OTP_WIDGET_DEFAULTS, otpWidgetConflict, updateOtpWidgetBodySchema,
  type OtpChannel, type OtpWidget, type UpdateOtpWidgetInput,
} from '../../../src-core/contract/index.ts';
import type { NewOtpWidget } from './mutations.ts';

export const NUMBER_FIELDS = ['otpLength', 'expirySeconds', 'resendCooldownSeconds', 'maxResends', 'maxSendsPerHour', 'maxVerifyAttempts'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type WidgetField = 'name' | NumberField | 'channels';

export type WidgetDraft = { name: string; channels: OtpChannel[] } & Record<NumberField, string>;
export type Problems = Partial<Record<WidgetField, string>>;

export const FIELD_LABEL: Record<WidgetField, string> = {
  name: 'Name', otpLength: 'Code length', expirySeconds: 'Expiry', resendCooldownSeconds: 'Resend cooldown', maxResends: 'Resends',
  maxSendsPerHour: 'Sends per hour', maxVerifyAttempts: 'Attempts', channels: 'The channel list',
};
export const FIELD_UNIT: Record<NumberField, string> = {
  otpLength: 'digits', expirySeconds: 'seconds', resendCooldownSeconds: 'seconds', maxResends: 'per code', maxSendsPerHour: 'per phone', maxVerifyAttempts: 'per code',
};

/** The range the core accepts for a number field, read from the contract's schema so the two never drift apart. */
export function limitsOf(field: NumberField): { min: number; max: number } {
  const schema = updateOtpWidgetBodySchema.shape[field].unwrap();
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** A form for a new widget (the core's defaults) or for changing `widget`. */
export function draftOf(widget: OtpWidget | null): WidgetDraft {
  const from = widget ?? { name: '', ...OTP_WIDGET_DEFAULTS };
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, String(from[field])])) as Record<NumberField, string>;
  return { name: from.name, channels: [...from.channels], ...numbers };
}

/** Blank is "not given"; plain decimal text is its number; anything else is NaN, which the schema names ("must be a number"). */
function numberFrom(text: string): number | undefined {
  const clean = text.trim();
  if (clean === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The first problem of each field, worded with the form's labels ("Code length must be at most 10"). */
function problemsFrom(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const field = issue.path[0] as WidgetField;
    if (!(field in FIELD_LABEL) || problems[field]) continue;
    problems[field] = issue.message.startsWith(`${field} `) ? `${FIELD_LABEL[field]}${issue.message.slice(field.length)}` : issue.message;
  }
  return problems;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; problems: Problems };

/** The core's rule across fields (the cooldown ends before the code expires), on the settings the widget would have. */
function acrossFields<T>(settings: Parameters<typeof otpWidgetConflict>[0], body: T): Checked<T> {
  const conflict = otpWidgetConflict(settings);
  if (!conflict) return { ok: true, body };
  return { ok: false, problems: { resendCooldownSeconds: `${FIELD_LABEL.resendCooldownSeconds} must be shorter than the expiry while resends are allowed: a code would expire before it could be resent` } };
}

/** A new widget's body; numbers left blank are left out, and the core uses its defaults for them. */
export function checkNew(draft: WidgetDraft): Checked<NewOtpWidget> {
  const body: Record<string, unknown> = { name: draft.name, channels: draft.channels };
  for (const field of NUMBER_FIELDS) {
    const value = numberFrom(draft[field]);
    if (value !== undefined) body[field] = value;
  }
  const parsed = createOtpWidgetBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, problems: problemsFrom(parsed.error.issues) };
  return acrossFields(parsed.data, body as NewOtpWidget);
}

/** The changes to `widget` (only fields that differ; a number left blank keeps its value), checked as the core's PATCH would. */
export function checkChanges(widget: OtpWidget, draft: WidgetDraft): Checked<UpdateOtpWidgetInput> {
  const changes: Record<string, unknown> = {};
  if (draft.name !== widget.name) changes.name = draft.name;
  if (draft.channels.join() !== widget.channels.join()) changes.channels = draft.channels;
  for (const field of NUMBER_FIELDS) {
    const value = numberFrom(draft[field]);
    if (value !== undefined && value !== widget[field]) changes[field] = value;
  }
  const parsed = updateOtpWidgetBodySchema.safeParse(changes);
  if (!parsed.success) return { ok: false, problems: problemsFrom(parsed.error.issues) };
  return acrossFields({ ...widget, ...parsed.data }, changes as UpdateOtpWidgetInput);
}
