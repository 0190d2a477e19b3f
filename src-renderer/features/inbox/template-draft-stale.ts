// A template draft whose template can no longer be sent (rejected, back under review, or gone since it was chosen), on
// WhatsApp or RCS: the composer shows it with a note (stale-draft-note.tsx), so the conversation's row ("Draft · ") and
// its composer agree and the values the agent typed are not hidden, to be used with another template or discarded.
import type { RcsTemplate, WaTemplate } from '../../../src-core/contract/index.ts';
import { codeWords, languageName } from '../../components/format.ts';
import type { TemplateDraft } from '../../stores/drafts.ts';

/** What the note says of a template draft that cannot be sent: why, and the values typed in it (none empty). */
export type StaleTemplateDraft = { why: string; values: string[] };

const STATUS_SAYING: Record<string, string> = { PENDING: 'is under review again', REJECTED: 'was rejected' };

/** The note of either channel: the template named (null once it is gone), what became of it, and what was typed. */
function staleNote(channel: 'WhatsApp' | 'RCS', named: string | null, status: string | undefined, typed: string[]): StaleTemplateDraft {
  const became = named ? (status && STATUS_SAYING[status]) ?? 'is no longer approved' : 'is no longer available';
  const subject = named ? `The template ${named}` : 'The template this draft was written in';
  return { why: `${subject} ${became}, so ${channel} will not send it.`, values: typed.filter((v) => v.trim() !== '') };
}

/**
 * A WhatsApp draft's template as the note names it, when it is not among the approved ones (`approved`, loaded); null
 * when it can be sent, or before the approved templates are known. `all`: every template, to name it and say what became of it.
 */
export function staleTemplateDraft(draft: TemplateDraft | undefined, approved: readonly WaTemplate[] | undefined, all: readonly WaTemplate[] | undefined): StaleTemplateDraft | null {
  if (draft?.channel !== 'whatsapp' || !approved || approved.some((t) => t.id === draft.templateId)) return null;
  const template = all?.find((t) => t.id === draft.templateId);
  const { header, body, mediaLink, buttons } = draft.values;
  const typed = [mediaLink, ...header, ...body.map((v) => (v.kind === 'static' ? v.text : v.fallback)), ...Object.values(buttons)];
  return staleNote('WhatsApp', template ? `“${template.name}” (${languageName(template.language)})` : null, template?.status, typed);
}

/**
 * An RCS draft's template as the note names it, when it is not approved among `templates` (every RCS template, loaded);
 * null when it can be sent, or before the templates are known. The values typed come in the template's order.
 */
export function staleRcsDraft(draft: TemplateDraft | undefined, templates: readonly RcsTemplate[] | undefined): StaleTemplateDraft | null {
  if (draft?.channel !== 'rcs' || !templates || templates.some((t) => t.id === draft.templateId && t.status === 'APPROVED')) return null;
  const template = templates.find((t) => t.id === draft.templateId);
  const order = template?.variables ?? [];
  const names = [...order.filter((name) => Object.hasOwn(draft.typed, name)), ...Object.keys(draft.typed).filter((name) => !order.includes(name))];
  return staleNote('RCS', template ? `“${template.name}” (${codeWords(template.type)})` : null, template?.status, names.map((name) => draft.typed[name] ?? ''));
}
