// Where each value of a template reply goes in the message: the text around its placeholder (a WhatsApp header's or
// body's, an RCS card's title or text), or the link a URL button's suffix ends; so a value is typed knowing what
// already surrounds it. And what the contact gives an RCS variable named like one of its fields.
import { contactFieldValue, type Contact, type RcsTemplate, type WaTemplate } from '../../../src-core/contract/index.ts';
import type { TemplateNeeds } from '../../components/wa-template.ts';

/** How much of the text either side of a placeholder is shown; the rest is cut with an ellipsis. */
const SPAN = 28;

/** One value's place: what it is (`part`), the text before and after its slot as shown, and the same in a few words. */
export type FieldPlace = { part: string; before: string; after: string; hint: string };

/** `text` cut to its last (`fromEnd`) or first SPAN characters, at a word where one is near. */
function cut(text: string, fromEnd: boolean): string {
  if (text.length <= SPAN) return text;
  const kept = fromEnd ? text.slice(-SPAN) : text.slice(0, SPAN);
  const space = fromEnd ? kept.indexOf(' ') : kept.lastIndexOf(' ');
  const word = space > 0 && space < SPAN - 4 ? (fromEnd ? kept.slice(space) : kept.slice(0, space)) : kept;
  return fromEnd ? `…${word}` : `${word}…`;
}

/** The few words a field's hint is made of (as the SMS composer's "after “Hi”"): the text before its slot, else after. */
function hintOf(before: string, after: string): string {
  const b = before.trim();
  if (b) return `after “${b}”`;
  const a = after.trim();
  return a ? `before “${a}”` : 'the whole text';
}

/**
 * The place of a placeholder in `text` (a WhatsApp header's or body's, an RCS card's title or text): `n`, WhatsApp's
 * `{{n}}`, or the token as written in the text (an RCS `{{ name }}`).
 */
export function placeOf(part: string, text: string, n: number | string): FieldPlace {
  const token = typeof n === 'number' ? `{{${n}}}` : n;
  const at = text.indexOf(token);
  const before = at < 0 ? '' : cut(text.slice(0, at), true);
  const after = at < 0 ? '' : cut(text.slice(at + token.length), false);
  return { part, before, after, hint: hintOf(before, after) };
}

/** The place of an RCS template's variable `name`: its first `{{name}}` (spaces inside allowed) in the card's title, else its text. */
export function rcsPlaceOf(template: Pick<RcsTemplate, 'title' | 'text'>, name: string): FieldPlace {
  const token = new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`);
  for (const [part, text] of [['Title', template.title ?? ''], ['Text', template.text]] as const) {
    const written = token.exec(text)?.[0];
    if (written) return placeOf(part, text, written);
  }
  return placeOf('Text', template.text, `{{${name}}}`);
}

/** The place of a URL button's suffix: the link before it, whole (the host is what tells the agent where it goes). */
export function buttonPlaceOf(text: string, url: string): FieldPlace {
  const before = url.replace(/\{\{\d+\}\}$/, '');
  return { part: `Button “${text}” link`, before, after: '', hint: `after ${before}` };
}

/** The places of every value a template needs: its header's placeholders, the body's, each dynamic URL button's. */
export function placesOf(template: WaTemplate, needs: TemplateNeeds): { header: FieldPlace[]; body: FieldPlace[]; buttons: Record<number, FieldPlace> } {
  let header: FieldPlace[] = [];
  let body: FieldPlace[] = [];
  const buttons: Record<number, FieldPlace> = {};
  for (const component of template.components) {
    if (component.type === 'HEADER' && component.format === 'TEXT' && needs.header?.kind === 'text') {
      header = Array.from({ length: needs.header.count }, (_, i) => placeOf('Header', component.text ?? '', i + 1));
    }
    if (component.type === 'BODY') body = Array.from({ length: needs.body }, (_, i) => placeOf('Body', component.text, i + 1));
    if (component.type === 'BUTTONS') {
      for (const index of needs.urlButtons) {
        const button = component.buttons[index];
        if (button?.type === 'URL') buttons[index] = buttonPlaceOf(button.text, button.url);
      }
    }
  }
  return { header, body, buttons };
}

/**
 * What the conversation's contact gives an RCS variable named like a contact field (`{{name}}`, `{{phone}}`, `{{email}}`,
 * `{{username}}`), as an RCS campaign fills it for each recipient: that field of the contact, `phone` the conversation's
 * number without its "+"; null for any other variable, or a field the contact has blank.
 */
export function contactValueOf(variable: string, contact: Pick<Contact, 'name' | 'email' | 'username'> | null, address: string): string | null {
  return contactFieldValue(variable, address, () => contact);
}
