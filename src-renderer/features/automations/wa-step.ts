// A "Send WhatsApp template" step as the builder's fields hold it (template, a value per body {{n}}, a header media
// link), read from and written back to the config the core takes (templateName, languageCode, components). A config
// the fields cannot hold (raw components with buttons or a text header, say) reads as null: shown, kept, not edited.
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { needsOf, type TemplateNeeds } from '../../components/wa-template.ts';
import type { FieldValues } from './draft.ts';

export type WaStepFields = { templateName: string; languageCode: string; body: string[]; mediaLink: string };

const isText = (p: unknown): p is { type: 'text'; text: string } =>
  typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'text' && typeof (p as { text?: unknown }).text === 'string';

/** The media link of a header parameter `{type: kind, [kind]: {link}}`, or null when it is not one. */
function mediaLinkOf(parameter: unknown): string | null {
  if (typeof parameter !== 'object' || parameter === null) return null;
  const kind = (parameter as { type?: unknown }).type;
  if (kind !== 'image' && kind !== 'video' && kind !== 'document') return null;
  const link = ((parameter as Record<string, { link?: unknown } | undefined>)[kind])?.link;
  return typeof link === 'string' ? link : null;
}

/** The step's fields from its input values (as draft.ts holds them), or null when they say more than the fields can. */
export function waStepOf(values: FieldValues): WaStepFields | null {
  const fields: WaStepFields = { templateName: values.templateName ?? '', languageCode: values.languageCode ?? '', body: [], mediaLink: '' };
  const lines = (values.bodyParameters ?? '').trim();
  const raw = (values.components ?? '').trim();
  if (lines && raw) return null;
  if (lines) return lines.startsWith('[') ? null : { ...fields, body: lines.split('\n').map((line) => line.trim()) };
  if (!raw) return fields;
  let components: unknown;
  try {
    components = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(components)) return null;
  for (const component of components as Array<{ type?: unknown; parameters?: unknown }>) {
    const parameters = Array.isArray(component?.parameters) ? component.parameters as unknown[] : null;
    if (!parameters) return null;
    if (component.type === 'body' && parameters.every(isText) && fields.body.length === 0) fields.body = parameters.map((p) => (p as { text: string }).text);
    else if (component.type === 'header' && parameters.length === 1 && mediaLinkOf(parameters[0]) !== null && !fields.mediaLink) fields.mediaLink = mediaLinkOf(parameters[0]) as string;
    else return null;
  }
  return fields;
}

/** What the fields cannot give a template: a text header's or a URL button's values. */
export function unsupportedBy(needs: TemplateNeeds): string | null {
  if (needs.header?.kind === 'text') return 'its header has placeholders';
  if (needs.urlButtons.length) return 'a button link has a placeholder';
  return null;
}

/** The fields for `template` once picked: the values typed so far kept where the placeholders are the same. */
export function pickedFields(template: WaTemplate, before: WaStepFields): WaStepFields {
  const needs = needsOf(template);
  return {
    templateName: template.name, languageCode: template.language,
    body: Array.from({ length: needs.body }, (_, i) => before.body[i] ?? ''),
    mediaLink: needs.header?.kind === 'media' ? before.mediaLink : '',
  };
}

/**
 * The step's input values as the core takes them: always `components` (a blank value is then the core's 400 naming
 * it, where `bodyParameters` would make a config its type refuses, saved and skipped at run time).
 */
export function valuesOfWaStep(fields: WaStepFields, template: WaTemplate | undefined): FieldValues {
  const needs = template ? needsOf(template) : null;
  const components: unknown[] = [];
  if (needs?.header?.kind === 'media' || (!needs && fields.mediaLink)) {
    const kind = needs?.header?.kind === 'media' ? needs.header.format.toLowerCase() : 'image';
    components.push({ type: 'header', parameters: [{ type: kind, [kind]: { link: fields.mediaLink.trim() } }] });
  }
  if (fields.body.length) components.push({ type: 'body', parameters: fields.body.map((text) => ({ type: 'text', text: text.trim() })) });
  return {
    templateName: fields.templateName, languageCode: fields.languageCode, bodyParameters: '',
    components: components.length ? JSON.stringify(components) : '',
  };
}

/** What is still missing before the step can be sent, in words ("a value for {{1}}", "a link to the header image"). */
export function waStepMissing(fields: WaStepFields, template: WaTemplate | undefined): string[] {
  if (!fields.templateName) return ['a template'];
  const missing = fields.body.flatMap((text, i) => (text.trim() ? [] : [`a value for {{${i + 1}}}`]));
  const header = template ? needsOf(template).header : null;
  if (header?.kind === 'media' && !/^https?:\/\/\S+$/i.test(fields.mediaLink.trim())) missing.push(`a link to the header ${header.format.toLowerCase()}`);
  return missing;
}
