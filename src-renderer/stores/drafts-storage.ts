// The drafts as the tab's sessionStorage keeps them, one entry per organization: read back only as far as they are
// well formed (a value from another version of the console, another program or a hand's edit is dropped, not trusted),
// and bounded, the drafts left longest ago dropped first.
import type { TemplateValues } from '../components/wa-template.ts';

/** A template chosen for a reply, with what was put in: a WhatsApp template's values, or the RCS variables typed. */
export type TemplateDraft =
  | { channel: 'whatsapp'; templateId: string; values: TemplateValues }
  | { channel: 'rcs'; templateId: string; typed: Record<string, string> };

/**
 * A conversation's unsent reply: its text (free text, SMS), a template chosen, or both (a window closed meanwhile);
 * `contactId`, the contact the conversation was with when it was begun (a conversation follows the contact that owns its
 * address now, so the thread warns when that is no longer who it is with: draft-owner-note.tsx).
 */
export type Draft = { text?: string; template?: TemplateDraft; contactId?: string };

/** The drafts of one organization by conversation id, the one changed last, last. */
export type Drafts = Record<string, Draft>;

/** How many conversations' drafts are kept: more than an agent leaves unsent in a session, few enough to stay small. */
export const DRAFTS_KEPT = 200;
const VERSION = 1;

export const draftsKey = (organizationId: string): string => `switchboard.drafts.${organizationId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringRecord = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

function templateOf(value: unknown): TemplateDraft | undefined {
  if (!isRecord(value) || typeof value.templateId !== 'string' || !value.templateId) return undefined;
  if (value.channel === 'rcs' && isStringRecord(value.typed)) return { channel: 'rcs', templateId: value.templateId, typed: { ...value.typed } };
  if (value.channel !== 'whatsapp' || !isRecord(value.values)) return undefined;
  const { body, header, mediaLink, buttons } = value.values;
  if (!Array.isArray(body) || !body.every((v) => isRecord(v) && v.kind === 'static' && typeof v.text === 'string')) return undefined;
  if (!isStrings(header) || typeof mediaLink !== 'string' || !isStringRecord(buttons)) return undefined;
  const values: TemplateValues = {
    body: body.map((v) => ({ kind: 'static', text: String((v as { text: string }).text) })), header: [...header], mediaLink, buttons: { ...buttons },
  };
  return { channel: 'whatsapp', templateId: value.templateId, values };
}

/** A stored draft as far as it is one: its text if a string, its template if well formed; nothing of either, none. */
function draftOf(value: unknown): Draft | null {
  if (!isRecord(value)) return null;
  const text = typeof value.text === 'string' && value.text ? value.text : undefined;
  const template = templateOf(value.template);
  const contactId = typeof value.contactId === 'string' && value.contactId ? value.contactId : undefined;
  return text || template ? { ...(text ? { text } : {}), ...(template ? { template } : {}), ...(contactId ? { contactId } : {}) } : null;
}

/** A draft holds something: text other than spaces, or a template chosen. */
export const holdsSomething = (draft: Draft | undefined): boolean => Boolean(draft?.text?.trim() || draft?.template);

/** `drafts` less their oldest beyond `DRAFTS_KEPT`. */
export function bounded(drafts: Drafts): Drafts {
  const entries = Object.entries(drafts);
  return entries.length <= DRAFTS_KEPT ? drafts : Object.fromEntries(entries.slice(-DRAFTS_KEPT));
}

/** The organization's drafts kept in `storage`: none when there are none, or the value is unreadable or not ours. */
export function readDrafts(storage: Storage | null, organizationId: string): Drafts {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(draftsKey(organizationId)) ?? 'null');
    if (!isRecord(parsed) || parsed.v !== VERSION || !Array.isArray(parsed.drafts)) return {};
    const drafts: Drafts = {};
    for (const entry of parsed.drafts as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !entry[0]) continue;
      const draft = draftOf(entry[1]);
      if (draft) {
        delete drafts[entry[0]];
        drafts[entry[0]] = draft;
      }
    }
    return bounded(drafts);
  } catch {
    return {};
  }
}

/**
 * Keeps the organization's drafts (in the order they were last changed; an array, as an object's order is not its
 * keys' for every id), or removes the entry once none is left. A storage that refuses (full, or turned off) keeps the
 * drafts in memory only.
 */
export function writeDrafts(storage: Storage | null, organizationId: string, drafts: Drafts): void {
  try {
    const entries = Object.entries(bounded(drafts)).filter(([, draft]) => holdsSomething(draft));
    if (entries.length === 0) storage?.removeItem(draftsKey(organizationId));
    else storage?.setItem(draftsKey(organizationId), JSON.stringify({ v: VERSION, drafts: entries }));
  } catch {
    // Kept in memory for this page: a reload loses them, as before.
  }
}
