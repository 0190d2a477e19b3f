// A thread shown a page at a time, kept whole: the newest page read again (on a live event) joins what is shown, so the
// older pages the agent loaded stay; an older page joins at the top; a message's live change shows wherever it is.
// Gaps are never shown: when more messages came in than a page holds, the read pages back until it meets what is shown.
import type { Message, ThreadPage } from '../../../src-core/contract/index.ts';

/** A read of the thread's newest page (no `before`), or of the page just older than message `before`. */
export type ReadPage = (before?: string) => Promise<ThreadPage>;

/** How many pages a read of the newest pages back to meet what is shown, before it shows the newest pages alone. */
export const CATCH_UP_PAGES = 10;

/** How far a message has gone: each step (sent, delivered, read, failed) stamps its time, and none is ever unset. */
const stepsTaken = (message: Message): number => [message.sentAt, message.deliveredAt, message.readAt, message.failedAt].filter(Boolean).length;

/**
 * The page as read, except where the shown copy of a message is further along: the read was answered before a live
 * change that has since shown (a clock step reloads the thread, then the receipts it makes due arrive as events).
 * Taken as read, a reply's ticks went back from Read to Delivered until the next reload.
 */
function keepFurther(shown: readonly Message[], read: ThreadPage): ThreadPage {
  const byId = new Map(shown.map((m) => [m.id, m]));
  let kept = false;
  const data = read.data.map((m) => {
    const copy = byId.get(m.id);
    if (!copy || stepsTaken(copy) <= stepsTaken(m)) return m;
    kept = true;
    return copy;
  });
  return kept ? { ...read, data } : read;
}

/**
 * `shown` with the newest messages as just read; null when they do not meet it (their first is not among the shown,
 * and older messages exist between). The newest copies replace the shown ones (their status may have moved on),
 * unless the shown copy is further along.
 */
export function joinNewest(shown: ThreadPage | undefined, read: ThreadPage): ThreadPage | null {
  if (!shown?.data.length) return read;
  const newest = keepFurther(shown.data, read);
  if (!newest.meta.hasOlder) return newest;
  const first = newest.data[0];
  const at = first ? shown.data.findIndex((m) => m.id === first.id) : -1;
  if (at < 0) return null;
  return { data: [...shown.data.slice(0, at), ...newest.data], meta: { hasOlder: at > 0 ? shown.meta.hasOlder : newest.meta.hasOlder } };
}

/**
 * `shown` with the page read before its first message `cursor` at the top; unchanged when the thread shown no longer
 * starts there (it was shown afresh meanwhile).
 */
export function joinOlder(shown: ThreadPage | undefined, cursor: string, older: ThreadPage): ThreadPage | undefined {
  if (!shown || shown.data[0]?.id !== cursor) return shown;
  const ids = new Set(shown.data.map((m) => m.id));
  return { data: [...older.data.filter((m) => !ids.has(m.id)), ...shown.data], meta: { hasOlder: older.meta.hasOlder } };
}

/**
 * The thread after a read of its newest page, joined to what is `shown` at the end of the read (an older page may
 * have joined meanwhile). Past `CATCH_UP_PAGES` without meeting it, the newest pages read are shown alone.
 */
export async function readNewest(read: ReadPage, shown: () => ThreadPage | undefined): Promise<ThreadPage> {
  let newest = await read();
  for (let pages = 1; ; pages++) {
    const joined = joinNewest(shown(), newest);
    const first = newest.data[0];
    if (joined) return joined;
    if (pages >= CATCH_UP_PAGES || !first) return newest;
    const older = await read(first.id);
    newest = { data: [...older.data, ...newest.data], meta: older.meta };
  }
}

/**
 * `shown` with `message`, as a live event carries it, in place of its shown copy: its status moved on, in whichever
 * page it was loaded (a live read of the thread reads only the newest). Unchanged when the message is not shown, or
 * when the shown copy is already further along (a read that crossed the event on its way).
 */
export function withMessage(shown: ThreadPage | undefined, message: Message): ThreadPage | undefined {
  const at = shown ? shown.data.findIndex((m) => m.id === message.id) : -1;
  const current = shown?.data[at];
  if (!shown || !current || stepsTaken(current) > stepsTaken(message)) return shown;
  return { ...shown, data: shown.data.map((m, i) => (i === at ? message : m)) };
}
