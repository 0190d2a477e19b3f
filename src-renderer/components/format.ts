// Formatting shared by the console: channel names, language names, money in paise, times, relative times.
import { CHANNEL_NAMES, USAGE_CHANNEL_NAMES, type Channel, type Conversation } from '../../src-core/contract/index.ts';
import { displayAddress } from './email-address.ts';

/** A channel as the console names it (`whatsapp` → `WhatsApp`): the core's names, email's capitalised as a label. */
export const CHANNEL_LABEL: Record<Channel, string> = { ...CHANNEL_NAMES, email: 'Email' };
const LEDGER_CHANNEL_LABEL: Record<string, string> = { ...CHANNEL_LABEL, ...USAGE_CHANNEL_NAMES };
/** A channel id from a field typed as text (a ledger line's, calls' usage included): its label, or the id itself if it is not one. */
export const channelLabel = (id: string): string => (Object.hasOwn(LEDGER_CHANNEL_LABEL, id) ? LEDGER_CHANNEL_LABEL[id] as string : id);
/** How a contact's username reads: `@handle`, or, for an Instagram user known only by their IGSID (all digits), that id. */
export const handleOf = (username: string | null): string | null =>
  (!username ? null : /^\d{10,}$/.test(username) ? `Instagram ID ${username}` : `@${username}`);
/**
 * How a conversation's customer is addressed on its channel: an Instagram user by the handle their contact has
 * (`@maya.designs`, as the contacts list shows it), else the address as shown (a number, an email address, the IGSID of an
 * Instagram user whose handle is not known).
 */
export const customerAddress = (c: Pick<Conversation, 'channel' | 'address'> & Partial<Pick<Conversation, 'customerUsername'>>): string => {
  const handle = c.channel === 'instagram' ? instagramHandle(c.customerUsername) : null;
  return handle ? `@${handle}` : displayAddress(c.address);
};
/** A contact's username as an Instagram handle: null when it has none, or only the user's IGSID (all digits). */
export const instagramHandle = (username: string | null | undefined): string | null => (username && !/^\d+$/.test(username) ? username : null);
/** A conversation's customer as the inbox names them: by name, else as `customerAddress` addresses them. */
export const customerLabel = (c: Pick<Conversation, 'channel' | 'address' | 'customerName'> & Partial<Pick<Conversation, 'customerUsername'>>): string =>
  c.customerName ?? customerAddress(c);
/** A contact's name as the console shows it: the name, else the handle, email, phone or id. */
export const contactDisplayName = (c: { name: string | null; username: string | null; email: string | null; phone: string | null; id: string }): string =>
  c.name ?? handleOf(c.username) ?? (c.email === null ? null : displayAddress(c.email)) ?? c.phone ?? c.id;
/** A code the platform answers in capitals or snake case, as a word: `APPROVED` → `Approved`, `no_answer` → `No answer`. */
export function codeWords(code: string): string {
  const words = code.replace(/_+/g, ' ').trim().toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : code;
}
// In English, as every word of the console is; a region in brackets, short ("English (US)"), so that en and en_US differ
// and a table cell holds it on one line.
const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language', languageDisplay: 'standard', style: 'short' });
/** A template's language code as a name: `en` → `English`, `pt_BR` → `Portuguese (Brazil)`; a code it cannot read stays as it is. */
export function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code.replace(/_/g, '-')) ?? code;
  } catch {
    return code;
  }
}
/** Money from paise, as the core writes it (`₹1,500.50`). */
export { formatPaise as rupees } from '../../src-core/contract/index.ts';

// One way to write a moment across the console (the clock, tables, details, messages): "Nov 25, 2026, 10:21:33 PM",
// and its time alone, "10:21:33 PM", where the day goes without saying (When).
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

const DATE_MINUTE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment to the minute, as `time` writes it without the seconds: "Nov 25, 2026, 10:21 PM" (a default campaign name's). */
export const minuteTime = (iso: string): string => DATE_MINUTE.format(new Date(iso));

/** A moment with its date: "Nov 25, 2026, 10:21:33 PM"; "—" for none. */
export const time = (iso: string | null | undefined): string => (iso ? DATE_TIME.format(new Date(iso)) : '—');

/**
 * A moment as `time` writes it, in two parts: its date with the separator after it ("Nov 25, 2026,"), and its time of
 * day ("10:21:33 PM"); a column too narrow for the whole breaks the line between them alone (see DateTime).
 */
export function timeParts(iso: string): [string, string] {
  const whole = time(iso);
  const parts = DATE_TIME.formatToParts(new Date(iso));
  const first = parts.findIndex((part) => part.type === 'hour' || part.type === 'dayPeriod');
  if (first < 0) return [whole, ''];
  // Cut `time`'s own text where the parts put the time of day (the parts may write a space differently: U+202F).
  const at = parts.slice(0, first).reduce((length, part) => length + part.value.length, 0);
  return [whole.slice(0, at).trimEnd(), whole.slice(at)];
}

/** A moment's time of day, as `time` writes it: "10:21:33 PM"; empty for none. */
export const shortTime = (iso: string | null | undefined): string => (iso ? TIME_OF_DAY.format(new Date(iso)) : '');

/** A duration in milliseconds, always with one decimal (`10.08` → "10.1", `12.8` → "12.8", `0.1` → "0.1"). */
/** A span of seconds as m:ss (`272` → `4:32`): call durations, countdowns. */
export const minutesSeconds = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const milliseconds = (ms: number): string => ms.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `iso` against the virtual clock's `now`: "in 3 h", "2 min ago", "now"; empty until the clock is read. */
export function relativeTime(iso: string, now: string | undefined): string {
  if (!now) return '';
  const seconds = Math.round((Date.parse(iso) - Date.parse(now)) / 1000);
  const size = Math.abs(seconds);
  if (size === 0) return 'now';
  const amount = size < 60 ? `${size} s` : size < 3600 ? `${Math.round(size / 60)} min` : size < 86_400 ? `${Math.round(size / 3600)} h` : `${Math.round(size / 86_400)} d`;
  return seconds > 0 ? `in ${amount}` : `${amount} ago`;
}
