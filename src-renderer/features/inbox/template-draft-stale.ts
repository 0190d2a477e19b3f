// A WhatsApp template draft whose template can no longer be sent (rejected, back under review, or gone since it was
// chosen): the composer shows it with a note, so the conversation's row ("Draft · ") and its composer agree and the
// values the agent typed are not hidden, to be used with another template or discarded.
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { languageName } from '../../components/format.ts';
import type { TemplateDraft } from '../../stores/drafts.ts';

/** What the note says of a template draft that cannot be sent: why, and the values typed in it (none empty). */
export type StaleTemplateDraft = { why: string; values: string[] };

const STATUS_SAYING: Record<string, string> = { PENDING: 'is under review again', REJECTED: 'was rejected' };

/**
 * The draft's template as the note names it, when it is not among the approved ones (`approved`, loaded); null when it
 * can be sent, or before the approved templates are known. `all`: every template, to name it and say what became of it.
 */
export function staleTemplateDraft(draft: TemplateDraft | undefined, approved: readonly WaTemplate[] | undefined, all: readonly WaTemplate[] | undefined): StaleTemplateDraft | null {
  if (draft?.channel !== 'whatsapp' || !approved || approved.some((t) => t.id === draft.templateId)) return null;
  const template = all?.find((t) => t.id === draft.templateId);
  const named = template ? `“${template.name}” (${languageName(template.language)})` : 'The template this draft was written in';
  const became = template ? STATUS_SAYING[template.status] ?? 'is no longer approved' : 'is no longer available';
  const { header, body, mediaLink, buttons } = draft.values;
  const values = [mediaLink, ...header, ...body.map((v) => (v.kind === 'static' ? v.text : v.fallback)), ...Object.values(buttons)].filter((v) => v.trim() !== '');
  return { why: `${template ? `The template ${named}` : named} ${became}, so WhatsApp will not send it.`, values };
}
