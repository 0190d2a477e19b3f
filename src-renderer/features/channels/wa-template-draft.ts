// A WhatsApp template as the Channels form holds it (header, body, footer, buttons), turned into the components
// `POST /dashboard/whatsapp/templates` takes, into a template the shared preview draws, and the core's refusals of
// those components (`components.2.buttons.0.url: …`, `Invalid components: HEADER placeholders …`) turned back
// into the form's own fields.
import type { WaTemplate, WaTemplateButton, WaTemplateComponent } from '../../../src-core/contract/index.ts';
import { refusalByField } from '../../components/field-refusal.tsx';

export const HEADER_FORMATS = ['NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
export const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** One button as typed: a URL button's link, and whether its end is a suffix filled at each send (`{{1}}`). */
export type DraftButton = { key: number; type: ButtonType; text: string; url: string; dynamic: boolean; phone: string };
export type Draft = { header: HeaderFormat; headerText: string; body: string; footer: string; buttons: DraftButton[] };

export const emptyDraft = (): Draft => ({ header: 'NONE', headerText: '', body: '', footer: '', buttons: [] });

/** The placeholder a dynamic URL ends with: the platform fills the suffix of the link at each send. */
export const URL_SUFFIX = '{{1}}';
/** A URL button's link as the core takes it: with `{{1}}` at its end when it has a dynamic suffix. */
export const urlOf = (button: Pick<DraftButton, 'url' | 'dynamic'>): string => (button.dynamic ? `${button.url.trim()}${URL_SUFFIX}` : button.url.trim());

function buttonOf(button: DraftButton): Extract<WaTemplateComponent, { type: 'BUTTONS' }>['buttons'][number] {
  if (button.type === 'URL') return { type: 'URL', text: button.text, url: urlOf(button) };
  if (button.type === 'PHONE_NUMBER') return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phone.trim() };
  return { type: 'QUICK_REPLY', text: button.text };
}

/** The components a draft is submitted as, in the platform's order: header, body, footer, buttons (each only when there). */
export function componentsOf(draft: Draft): WaTemplateComponent[] {
  const components: WaTemplateComponent[] = [];
  if (draft.header === 'TEXT') components.push({ type: 'HEADER', format: 'TEXT', text: draft.headerText });
  else if (draft.header !== 'NONE') components.push({ type: 'HEADER', format: draft.header });
  components.push({ type: 'BODY', text: draft.body });
  if (draft.footer.trim()) components.push({ type: 'FOOTER', text: draft.footer });
  if (draft.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: draft.buttons.map(buttonOf) });
  return components;
}

/** A button as a template answers it (`url` null on one without a link), for the preview. */
const answered = (button: ReturnType<typeof buttonOf>): WaTemplateButton => (button.type === 'URL' ? button : { ...button, url: null });

/** The draft as a template, for the preview the campaign builder and the inbox draw (components/wa-template-preview.tsx). */
export function previewTemplateOf(draft: Draft, name: string, category: WaTemplate['category'], language: string): WaTemplate {
  const components = componentsOf(draft).map((c) => (c.type === 'BUTTONS' ? { ...c, buttons: c.buttons.map(answered) } : c));
  return { id: '', name, category, language, status: 'PENDING', components, rejectedReason: null, createdAt: '' };
}

/** The form's fields the core can refuse: a button's are `button-<i>-text`, `button-<i>-url`, `button-<i>-phone`. */
export type DraftField = 'name' | 'headerText' | 'body' | 'footer' | 'buttons' | `button-${number}-${'text' | 'url' | 'phone'}`;

/**
 * The body's field paths of the submitted components (their index depends on which parts there are), each with the
 * form's field and its label, for components/field-refusal.tsx.
 */
export function refusalLabels(draft: Draft): { labels: Record<string, string>; fieldOf: Record<string, DraftField> } {
  const labels: Record<string, string> = { name: 'Name' };
  const fieldOf: Record<string, DraftField> = { name: 'name' };
  const add = (path: string, field: DraftField, label: string) => {
    labels[path] = label;
    fieldOf[path] = field;
  };
  componentsOf(draft).forEach((component, index) => {
    const at = `components.${index}`;
    if (component.type === 'HEADER') add(`${at}.text`, 'headerText', 'Header text');
    if (component.type === 'BODY') add(`${at}.text`, 'body', 'Body');
    if (component.type === 'FOOTER') add(`${at}.text`, 'footer', 'Footer');
    if (component.type === 'BUTTONS') {
      add(`${at}.buttons`, 'buttons', 'Buttons');
      component.buttons.forEach((_button, i) => {
        add(`${at}.buttons.${i}.text`, `button-${i}-text`, `Button ${i + 1} text`);
        add(`${at}.buttons.${i}.url`, `button-${i}-url`, `Button ${i + 1} URL`);
        add(`${at}.buttons.${i}.phone_number`, `button-${i}-phone`, `Button ${i + 1} phone number`);
      });
    }
  });
  return { labels, fieldOf };
}

/** The core's refusals of one part as a whole (`Invalid components: HEADER placeholders must be numbered …`), by the field they are about. */
const WHOLE_REFUSALS: Partial<Record<DraftField, RegExp>> = { headerText: /^Invalid components: HEADER /, body: /^Invalid components: BODY / };

/** A refusal of the core (as `create.error`) said at the draft's fields, in the form's words; the rest for the form's block. */
export function draftRefusal(error: unknown, draft: Draft): { fields: Partial<Record<DraftField, string>>; rest: unknown } {
  const { labels, fieldOf } = refusalLabels(draft);
  const whole: Record<string, RegExp> = {};
  for (const [path, field] of Object.entries(fieldOf)) {
    const pattern = WHOLE_REFUSALS[field];
    if (pattern) whole[path] = pattern;
  }
  const refusal = refusalByField(error, labels, whole);
  const fields: Partial<Record<DraftField, string>> = {};
  for (const [path, problem] of Object.entries(refusal.fields)) {
    const field = fieldOf[path];
    if (field && problem) fields[field] = problem;
  }
  return { fields, rest: refusal.rest };
}

/** A text's length as the core counts it against its limit: trimmed first. */
export const countedLength = (text: string): number => text.trim().length;
