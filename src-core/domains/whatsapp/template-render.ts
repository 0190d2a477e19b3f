// Checks a template send's components against the template's placeholders and renders the text.
import { charCount, cutShort } from '../../contract/common.ts';
import { isWebLink, placeholdersOf, WA_TEMPLATE_LIMITS, type WaSendComponent, type WaTemplateComponent } from '../../contract/whatsapp.ts';
import { invalidField, type AppError } from '../../kernel/errors.ts';

const PLACEHOLDER = /\{\{(\d+)\}\}/g;

export { placeholdersOf };

/** A template's placeholders are numbered 1..n without gaps, as the messaging platform requires. */
export function checkPlaceholders(components: WaTemplateComponent[]): string | null {
  const bodies = components.filter((c) => c.type === 'BODY');
  if (bodies.length !== 1) return 'a template needs exactly one BODY component';
  for (const component of components) {
    const text = component.type === 'BUTTONS' ? undefined : component.text;
    const numbers = placeholdersOf(text);
    if (numbers.some((n, i) => n !== i + 1)) return `${component.type} placeholders must be numbered {{1}}, {{2}}, ... without gaps`;
  }
  for (const type of ['HEADER', 'FOOTER', 'BUTTONS'] as const) {
    if (components.filter((c) => c.type === type).length > 1) return `a template has at most one ${type} component`;
  }
  return null;
}

/**
 * How a refusal names what the caller sent: its components (`components`, the unified send's `template.components`, a
 * campaign's `templateComponents`), the field the body's parameters came in (the same, or the unified send's
 * `template.variables` they were made from) and the body's n-th parameter (`body parameter n`, or `template.variables.n`).
 */
export type SentNames = { components: string; bodyParameters: string; bodyParameter: (n: number) => string };
export const SEND_TEMPLATE_NAMES: SentNames = { components: 'components', bodyParameters: 'components', bodyParameter: (n) => `body parameter ${n}` };

/** A value the caller sent, quoted short in a refusal (never the components it came in). */
const quoted = (value: unknown): string => (typeof value === 'string' ? `"${cutShort(value, 40)}"` : `a ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value}`);

/**
 * The cloud API's rules for a text parameter: of type text with its text, not empty, no line break or tab, at most 4
 * spaces in a row. Refusals say which parameter and what it lacks in words, never the components sent.
 */
function textParams(component: WaSendComponent | undefined, nameOf: (n: number) => string): string[] {
  return (component?.parameters ?? []).map((p, i) => {
    if (p.type !== 'text') throw invalidField(`${nameOf(i + 1)} must be a text parameter (type text), not type ${quoted(p.type)}`);
    if (typeof p.text !== 'string') throw invalidField(`${nameOf(i + 1)} has no text: a text parameter gives its value as a string in its text field`);
    if (!p.text.trim()) throw invalidField(`${nameOf(i + 1)} is empty: the messaging platform refuses an empty parameter`);
    if (/[\r\n\t\u2028\u2029]| {5,}/.test(p.text)) throw invalidField(`${nameOf(i + 1)} has a line break, a tab or more than 4 spaces in a row, which the messaging platform refuses in a parameter`);
    return p.text;
  });
}

/**
 * A wrong count of body or text-header values, said by the first parameter missing or over and the template's count
 * (`components: body parameter 2 is missing: template order_update has 3 body placeholders, 1 given`).
 */
function countRefusal(field: string, nameOf: (n: number) => string, templateName: string, part: string, expected: number, given: number): AppError {
  const over = given - expected;
  const which = over < 0 ? `${nameOf(given + 1)} is missing`
    : over === 1 ? `${nameOf(expected + 1)} is one too many` : `${nameOf(expected + 1)} to ${given} are too many`;
  const placeholders = expected === 0 ? `no ${part} placeholders` : `${expected} ${part} placeholder${expected === 1 ? '' : 's'}`;
  return invalidField(`${field}: ${which}: template ${templateName} has ${placeholders}, ${given} given`);
}

/** The longest body and text header once filled, as the messaging platform counts them. */
const BODY_MAX = WA_TEMPLATE_LIMITS.body;
const HEADER_MAX = WA_TEMPLATE_LIMITS.headerText;
function fitting(text: string, max: number, what: string, templateName: string): string {
  const length = charCount(text);
  if (length > max) throw invalidField(`template ${templateName} ${what} is ${length} characters once filled; the messaging platform allows ${max}`);
  return text;
}

const fill = (text: string, values: string[]): string => text.replace(PLACEHOLDER, (_m, n: string) => values[Number(n) - 1] ?? '');

export type RenderedTemplate = { text: string; header: Record<string, unknown> | null; footer: string | null; buttons: Array<Record<string, unknown>> };

/** Validates `components` for `template` (400 with what is wrong) and renders what the customer sees. */
export function renderTemplate(templateName: string, template: WaTemplateComponent[], components: WaSendComponent[], names = SEND_TEMPLATE_NAMES): RenderedTemplate {
  const body = template.find((c) => c.type === 'BODY');
  const header = template.find((c) => c.type === 'HEADER');
  const footer = template.find((c) => c.type === 'FOOTER');
  const buttons = template.find((c) => c.type === 'BUTTONS');
  const sentBody = components.filter((c) => c.type === 'body');
  if (sentBody.length > 1) throw invalidField(`${names.components} may contain one body component`);
  const bodyExpected = placeholdersOf(body?.type === 'BODY' ? body.text : '').length;
  const bodyValues = textParams(sentBody[0], names.bodyParameter);
  if (bodyValues.length !== bodyExpected) throw countRefusal(names.bodyParameters, names.bodyParameter, templateName, 'body', bodyExpected, bodyValues.length);

  let renderedHeader: Record<string, unknown> | null = null;
  const sentHeader = components.find((c) => c.type === 'header');
  if (header?.type === 'HEADER' && header.format !== 'TEXT') {
    const media = sentHeader?.parameters[0];
    const kind = header.format.toLowerCase();
    const link = media && media.type === kind ? (media[kind] as { link?: unknown } | undefined)?.link : undefined;
    if (typeof link !== 'string' || !isWebLink(link)) {
      const has = `template ${templateName} has ${header.format === 'IMAGE' ? 'an' : 'a'} ${header.format} header`;
      if (!sentHeader) throw invalidField(`${names.components}: ${has}: add a header component with one parameter of type ${kind} giving the ${kind}'s link`);
      if (!media) throw invalidField(`header component has no parameter: ${has}: give it one parameter of type ${kind} with the ${kind}'s link`);
      if (media.type !== kind) throw invalidField(`header parameter 1 must be of type ${kind}, not ${quoted(media.type)}: ${has}`);
      if (typeof link !== 'string') throw invalidField(`header parameter 1 has no ${kind} link: ${has}: give the ${kind}'s link (an http(s) URL) in its ${kind} field`);
      throw invalidField(`${has}: the ${kind} link must be an http(s) URL with a host, not "${link.slice(0, 60)}"`);
    }
    renderedHeader = { format: header.format, link };
  } else if (header?.type === 'HEADER') {
    const headerParameter = (n: number): string => `header parameter ${n}`;
    const values = textParams(sentHeader, headerParameter);
    const expected = placeholdersOf(header.text).length;
    if (values.length !== expected) throw countRefusal(names.components, headerParameter, templateName, 'header', expected, values.length);
    renderedHeader = { format: 'TEXT', text: fitting(fill(header.text ?? '', values), HEADER_MAX, 'header', templateName) };
  } else if (sentHeader) throw invalidField(`template ${templateName} has no header`);

  const renderedButtons = (buttons?.type === 'BUTTONS' ? buttons.buttons : []).map((button, index) => {
    if (button.type !== 'URL' || placeholdersOf(button.url).length === 0) return { ...button };
    const sent = components.find((c) => c.type === 'button' && Number(c.index) === index);
    const has = `template ${templateName} button ${index} (${quoted(button.text)}) has a dynamic URL`;
    if (!sent) throw invalidField(`${names.components}: ${has}: add a button component with sub_type url, index ${index} and one text parameter, the end of its link`);
    if (sent.sub_type !== 'url') {
      throw invalidField(`button component ${index} must have sub_type url, ${sent.sub_type === undefined ? 'and has none' : `not ${quoted(sent.sub_type)}`}: ${has}`);
    }
    const values = textParams(sent, (n) => `button ${index} parameter ${n}`);
    if (values.length !== 1) throw invalidField(`button ${index} takes one text parameter (the end of its link), ${values.length} given: ${has}`);
    return { ...button, url: fill(button.url, values) };
  });

  return { text: fitting(fill(body?.type === 'BODY' ? body.text : '', bodyValues), BODY_MAX, 'body', templateName), header: renderedHeader,
    footer: footer?.type === 'FOOTER' ? footer.text : null, buttons: renderedButtons };
}
