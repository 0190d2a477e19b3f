// Where each value of a template reply goes in the message: the text around its placeholder (a WhatsApp header's or
// body's, an RCS card's title or text), or the link a URL button's suffix ends; so a value is typed knowing what
// already surrounds it. And what the contact gives an RCS variable named like one of its fields.
import { contactFieldValue, type Contact, type RcsTemplate, type WaTemplate } from '../../../src-core/contract/index.ts';
import type { TemplateNeeds } from '../../components/wa-template.ts';

/** How much of the text either side of a placeholder a hint (the field's placeholder text) quotes. */
const SPAN = 16;
/** How much of its sentence either side of a placeholder a label shows before it is cut (a sentence rarely is). */
const SENTENCE_SPAN = 160;

/**
 * One value's place: what it is (`part`), the text of its sentence before and after its slot (the field's label), and
 * the nearest words in a few (the field's hint).
 */
export type FieldPlace = { part: string; before: string; after: string; hint: string };

/** `text` cut to its last (`fromEnd`) or first `span` characters, at a word where one is near; `mark` says it was cut. */
function cut(text: string, fromEnd: boolean, span: number, mark = '…'): string {
  if (text.length <= span) return text;
  const kept = fromEnd ? text.slice(-span) : text.slice(0, span);
  const space = fromEnd ? kept.indexOf(' ') : kept.lastIndexOf(' ');
  const word = space > 0 && space < span - 4 ? (fromEnd ? kept.slice(space) : kept.slice(0, space)) : kept;
  return fromEnd ? `${mark}${word}` : `${word}${mark}`;
}

/** A sentence ends at ".", "!" or "?" before a space (not the dots of a link), or at a line's end. */
const SENTENCE_END = /[.!?](?=\s|$)|\n/g;

/** The part of `text` (what comes before a slot) in the slot's sentence. */
function sentenceBefore(text: string): string {
  let start = 0;
  for (const end of text.matchAll(SENTENCE_END)) if (end.index + 1 < text.length) start = end.index + 1;
  return text.slice(start).replace(/^[ \t]+/, '');
}

/** The part of `text` (what comes after a slot) in the slot's sentence, its closing mark kept. */
function sentenceAfter(text: string): string {
  const end = new RegExp(SENTENCE_END.source).exec(text);
  return end ? text.slice(0, end[0] === '\n' ? end.index : end.index + 1) : text;
}

/** The few words a field's hint is made of (as the SMS composer's "after “Hi”"): the text before its slot, else after. */
function hintOf(before: string, after: string): string {
  const b = cut(before, true, SPAN, '').trim();
  if (b) return `after “${b}”`;
  const a = cut(after, false, SPAN, '').trim();
  return a ? `before “${a}”` : 'the whole text';
}

/**
 * The place of a placeholder in `text` (a WhatsApp header's or body's, an RCS card's title or text): `n`, WhatsApp's
 * `{{n}}`, or the token as written in the text (an RCS `{{ name }}`). Its label is the whole sentence around it (what
 * the agent needs to choose the value: "Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}."), cut only
 * where a sentence runs on past `SENTENCE_SPAN` characters either side.
 */
export function placeOf(part: string, text: string, n: number | string): FieldPlace {
  const token = typeof n === 'number' ? `{{${n}}}` : n;
  const at = text.indexOf(token);
  const before = at < 0 ? '' : sentenceBefore(text.slice(0, at));
  const after = at < 0 ? '' : sentenceAfter(text.slice(at + token.length));
  return { part, before: cut(before, true, SENTENCE_SPAN), after: cut(after, false, SENTENCE_SPAN), hint: hintOf(before, after) };
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

/** A value offered to a field, and what it is, in the campaign builder's words ("Contact's first name"). */
export type FieldFill = { value: string; label: string };

/**
 * The contact's name as a WhatsApp template value may take it, offered to the agent (never filled in: a template's
 * placeholders are numbered, so nothing says which is a name): its first name, and the whole name where that is longer;
 * none for a contact without a name.
 */
export function nameFillsOf(contact: Pick<Contact, 'name' | 'email' | 'username'> | null, address: string): FieldFill[] {
  const whole = contactValueOf('name', contact, address)?.trim();
  const first = contactValueOf('first_name', contact, address);
  if (!whole) return [];
  const name = { value: whole, label: "Contact's name" };
  return first && first !== whole ? [{ value: first, label: "Contact's first name" }, name] : [name];
}
