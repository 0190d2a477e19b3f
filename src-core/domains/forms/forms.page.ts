// The public pages of a form, as plain HTML with no script: the form a visitor fills (again after a refused post, with
// their answers and the reason), the thanks after it, and a short page for a refusal with no form to show. Every text
// that comes from the organization or the visitor is escaped. The form carries a spam trap only bots fill.
import { FORM_TRAP_FIELD, type FormContactField } from '../../contract/forms.ts';
import type { StoredForm } from './forms.service.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** No script, no outside resource; the form posts only to this server. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f6f8;margin:0;padding:2rem 1rem;color:#1d2433}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:10px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 .5rem}p{color:#4a5468}label{display:block;margin:.9rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.55rem .6rem;border:1px solid #c5cbd6;border-radius:6px;font:inherit}
button{margin-top:1.2rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#2452d6;color:#fff;font:inherit;cursor:pointer}
.optional{font-weight:400;color:#636d80}.error{color:#b3261e;font-weight:600;margin:.35rem 0 0}input[aria-invalid]{border-color:#b3261e}
.trap{position:absolute;left:-10000px;top:0;width:1px;height:1px;overflow:hidden}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
  + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const CONTACT_INPUTS: Record<FormContactField, { label: string; type: string; autocomplete: string }> = {
  name: { label: 'Name', type: 'text', autocomplete: 'name' },
  email: { label: 'Email', type: 'email', autocomplete: 'email' },
  phone: { label: 'Phone (with country code, e.g. +14155550101)', type: 'tel', autocomplete: 'tel' },
};

/** A refused post as the page shows it again: the visitor's answers, and the message by its field (or above them all). */
export type Refused = { answers: Record<string, string>; field: string | null; message: string };

const alert = (message: string, id?: string): string => `<p${id ? ` id="${id}"` : ''} class="error" role="alert">${escapeHtml(message)}</p>`;

function input(key: string, label: string, type: string, required: boolean, autocomplete: string, refused: Refused | undefined): string {
  const id = `field-${escapeHtml(key)}`;
  const value = refused?.answers[key];
  const wrong = refused?.field === key;
  return `<label for="${id}">${escapeHtml(label)}${required ? '' : ' <span class="optional">(optional)</span>'}</label>`
    + `<input id="${id}" name="${escapeHtml(key)}" type="${type}" autocomplete="${autocomplete}" maxlength="500"${required ? ' required' : ''}`
    + `${value ? ` value="${escapeHtml(value)}"` : ''}${wrong ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>`
    + (wrong ? alert(refused.message, `${id}-error`) : '');
}

/**
 * The spam trap: an input bots fill and people never meet. Off-screen by the page's own stylesheet (no script, and the
 * CSP allows only inline style), out of the Tab order, hidden from screen readers, and labelled for anyone who finds it.
 * Never refilled after a refused post: the page shows it empty whatever was posted.
 */
const TRAP = `<div class="trap" aria-hidden="true"><label for="field-${FORM_TRAP_FIELD}">Leave this field empty</label>`
  + `<input id="field-${FORM_TRAP_FIELD}" name="${FORM_TRAP_FIELD}" type="text" tabindex="-1" autocomplete="off" maxlength="500"></div>`;

/** The keys of the inputs the page shows. */
const fieldKeys = (form: StoredForm): string[] =>
  [...(['name', 'email', 'phone'] as const).filter((field) => form.fields[field] !== 'hidden'), ...form.customFields.map((field) => field.key)];

/**
 * The form's page: its name, description and one input per field it asks, posting urlencoded to its submissions; after
 * a refused post, the answers given kept and the refusal shown by its field (a refusal of no field above the fields).
 */
export function formPage(form: StoredForm, refused?: Refused): string {
  const contact = (['name', 'email', 'phone'] as const).filter((field) => form.fields[field] !== 'hidden')
    .map((field) => input(field, CONTACT_INPUTS[field].label, CONTACT_INPUTS[field].type, form.fields[field] === 'required', CONTACT_INPUTS[field].autocomplete, refused));
  const custom = form.customFields.map((field) => input(field.key, field.label, 'text', field.required, 'off', refused));
  const shownByField = typeof refused?.field === 'string' && fieldKeys(form).includes(refused.field);
  return page(form.name, `<h1>${escapeHtml(form.name)}</h1>${form.description ? `<p>${escapeHtml(form.description)}</p>` : ''}`
    + `<form method="post" action="/forms/${encodeURIComponent(form.id)}/submissions">${refused && !shownByField ? alert(refused.message) : ''}`
    + `${[...contact, ...custom].join('')}${TRAP}<button type="submit">Submit</button></form>`);
}

/** A short page for a refusal with no form to show again (no such form, too many posts, too long a body). */
export const refusalPage = (title: string, message: string, back?: string): string =>
  page(title, `<h1>${escapeHtml(title)}</h1>${alert(message)}${back ? `<p><a href="${escapeHtml(back)}">Back to the form</a></p>` : ''}`);

export const thanksPage = (form: StoredForm): string =>
  page(form.name, `<h1>Thanks!</h1><p>We have your details for ${escapeHtml(form.name)}.</p>`);
