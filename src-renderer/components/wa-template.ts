// What an approved WhatsApp template needs filled (body placeholders, a header, dynamic button URLs), and the
// values (the campaign builder's, or a single reply's) turned into the core's templateComponents and variableMapping.
import { CONTACT_FIELDS, placeholdersOf, type VariableMapping, type WaSendComponent, type WaTemplate } from '../../src-core/contract/index.ts';

export type ContactField = (typeof CONTACT_FIELDS)[number];
/**
 * The contact fields in the order the builders offer them: the first name first, as a message greets people ("Hi Meera",
 * not "Hi Meera Müller", which reads as a mail merge), then the whole name and the rest.
 */
export const FIELDS: ContactField[] = ['first_name', ...CONTACT_FIELDS.filter((field) => field !== 'first_name')];

/** One body placeholder: the same text for everyone, or a field of the recipient's contact with a fallback. */
export type PlaceholderValue = { kind: 'static'; text: string } | { kind: 'field'; field: ContactField; fallback: string };

export type MediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';
export type TemplateNeeds = {
  body: number;
  header: { kind: 'text'; count: number } | { kind: 'media'; format: MediaFormat } | null;
  /** Indexes of URL buttons whose URL ends in a placeholder. */
  urlButtons: number[];
};

export type TemplateValues = { body: PlaceholderValue[]; header: string[]; mediaLink: string; buttons: Record<number, string> };

export const placeholderCount = (text: string | undefined): number => placeholdersOf(text).length;

/** Text split into literal parts and placeholder numbers, for the preview. */
export function segmentsOf(text: string): Array<string | number> {
  return text.split(/(\{\{\d+\}\})/).filter(Boolean).map((part) => {
    const match = /^\{\{(\d+)\}\}$/.exec(part);
    return match ? Number(match[1]) : part;
  });
}

export function needsOf(template: WaTemplate): TemplateNeeds {
  let body = 0;
  let header: TemplateNeeds['header'] = null;
  const urlButtons: number[] = [];
  for (const component of template.components) {
    if (component.type === 'BODY') body = placeholderCount(component.text);
    if (component.type === 'HEADER') {
      if (component.format !== 'TEXT') header = { kind: 'media', format: component.format };
      else if (placeholderCount(component.text) > 0) header = { kind: 'text', count: placeholderCount(component.text) };
    }
    if (component.type === 'BUTTONS') {
      component.buttons.forEach((button, index) => { if (button.type === 'URL' && placeholderCount(button.url) > 0) urlButtons.push(index); });
    }
  }
  return { body, header, urlButtons };
}

export function emptyValues(needs: TemplateNeeds): TemplateValues {
  return {
    body: Array.from({ length: needs.body }, () => ({ kind: 'static', text: '' })),
    header: Array.from({ length: needs.header?.kind === 'text' ? needs.header.count : 0 }, () => ''),
    mediaLink: '',
    buttons: Object.fromEntries(needs.urlButtons.map((index) => [index, ''])),
  };
}

/** What is still missing before the core can render the template, in words. */
export function missingOf(needs: TemplateNeeds, values: TemplateValues): string[] {
  const missing: string[] = [];
  values.body.forEach((value, i) => {
    if (value.kind === 'static' && !value.text.trim()) missing.push(`a value for body {{${i + 1}}}`);
    // A contact without the field would get an empty parameter, which WhatsApp refuses: that recipient would fail.
    if (value.kind === 'field' && !value.fallback.trim()) missing.push(`a fallback for body {{${i + 1}}} (for a contact without a ${value.field.replace('_', ' ')})`);
  });
  values.header.forEach((text, i) => { if (!text.trim()) missing.push(`a value for header {{${i + 1}}}`); });
  if (needs.header?.kind === 'media' && !/^https?:\/\/\S+$/.test(values.mediaLink.trim())) missing.push(`a link to the header ${needs.header.format.toLowerCase()}`);
  for (const index of needs.urlButtons) if (!values.buttons[index]?.trim()) missing.push(`the URL suffix of button ${index + 1}`);
  return missing;
}

const text = (value: string) => ({ type: 'text', text: value.trim() });

export function requestOf(needs: TemplateNeeds, values: TemplateValues): { templateComponents: WaSendComponent[]; variableMapping: VariableMapping } {
  const templateComponents: WaSendComponent[] = [];
  if (needs.header?.kind === 'text') templateComponents.push({ type: 'header', parameters: values.header.map(text) });
  if (needs.header?.kind === 'media') {
    const kind = needs.header.format.toLowerCase();
    templateComponents.push({ type: 'header', parameters: [{ type: kind, [kind]: { link: values.mediaLink.trim() } }] });
  }
  // A mapped placeholder's static text is its fallback, used by the core when the contact has no such field.
  if (needs.body > 0) {
    templateComponents.push({ type: 'body', parameters: values.body.map((value) => text(value.kind === 'static' ? value.text : value.fallback)) });
  }
  for (const index of needs.urlButtons) {
    templateComponents.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [text(values.buttons[index] ?? '')] });
  }
  const variableMapping: VariableMapping = {};
  values.body.forEach((value, i) => {
    if (value.kind === 'field') variableMapping[String(i + 1)] = value.fallback.trim() ? { field: value.field, fallback: value.fallback.trim() } : { field: value.field };
  });
  return { templateComponents, variableMapping };
}
