// A "Send WhatsApp template" step checked against the organization's templates, in words a marketer reads: the
// template exists in the step's language and is approved, the body gets one value per placeholder, and a media
// header has its link. Used at save (400 naming the step) and to say why a run's send was refused.
import { isWebLink, placeholdersOf, type WaSendComponent, type WaTemplate } from '../../contract/whatsapp.ts';
import type { StepConfigs } from './automations.catalog.ts';

type TemplateStepConfig = StepConfigs['whatsapp.send_template'];

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The body values and header link the step sends, from `components` or `bodyParameters`. */
function sentOf(config: TemplateStepConfig): { bodyCount: number; header: WaSendComponent | undefined } {
  if (config.bodyParameters) return { bodyCount: config.bodyParameters.length, header: undefined };
  const components = config.components ?? [];
  return {
    bodyCount: components.find((c) => c.type === 'body')?.parameters.length ?? 0,
    header: components.find((c) => c.type === 'header'),
  };
}

/** What keeps the step's template from being sent, in words, or null when nothing the step says does. */
export function templateStepProblem(templates: WaTemplate[], config: TemplateStepConfig): string | null {
  const { templateName: name, languageCode: language } = config;
  const template = templates.find((t) => t.name === name && t.language === language);
  if (!template) {
    const elsewhere = templates.filter((t) => t.name === name).map((t) => t.language);
    return `template ${name} (${language}) not found in this organization${elsewhere.length ? `: it exists in ${elsewhere.join(', ')}; choose that language` : ''}`;
  }
  if (template.status !== 'APPROVED') return `template ${name} (${language}) is ${template.status}; only APPROVED templates can be sent`;
  const sent = sentOf(config);
  const body = template.components.find((c) => c.type === 'BODY');
  const expected = placeholdersOf(body?.type === 'BODY' ? body.text : '').length;
  if (sent.bodyCount !== expected) return `template ${name} body expects ${plural(expected, 'value')}, got ${sent.bodyCount}`;
  const header = template.components.find((c) => c.type === 'HEADER');
  if (header?.type === 'HEADER' && header.format !== 'TEXT') {
    const kind = header.format.toLowerCase();
    const media = sent.header?.parameters[0];
    const link = media?.type === kind ? (media[kind] as { link?: unknown } | undefined)?.link : undefined;
    const what = `template ${name} has ${header.format === 'IMAGE' ? 'an' : 'a'} ${kind} header`;
    if (typeof link !== 'string') return `${what}: give a link to the header ${kind}`;
    if (!isWebLink(link)) return `${what}: its link must be an http(s) web address, not "${link.slice(0, 60)}"`;
  }
  return null;
}
