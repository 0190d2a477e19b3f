// The free-text composers (WhatsApp within its 24-hour window, Instagram within its own, email) and those of the channels
// whose replies have rules of their own: SMS must fill an approved DLT template, and Instagram allows one only within
// 24 hours (RCS's templates: rcs-composer.tsx). The free-text ones and SMS's take saved replies (features/saved-replies).
import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { Channel, Conversation } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { enterSubmits } from '../../components/enter-submits.ts';
import { CHANNEL_LABEL, time } from '../../components/format.ts';
import { SavedReplies, slashOpens, withSavedReply, type SavedRepliesView } from '../saved-replies/saved-replies.tsx';
import { useSmsTemplates } from '../channels/queries.ts';
import { matchingTemplate } from '../campaigns/dlt.ts';
import { SmsBodyField } from '../campaigns/sms-body-field.tsx';
import type { ReplySender } from './mutations.ts';

/**
 * An SMS reply: the approved DLT templates as a start, and a live check of the text against them; only a
 * text that matches one (each {#var#} filled) can be sent, and the last refusal goes once the text changes. The text is
 * the conversation's draft (`text`), as the free-text reply's is. `held`: Send waits (a draft written for the
 * conversation's earlier contact, draft-owner-note.tsx).
 */
export function SmsComposer({ reply, held, contactName, text, setText }: {
  reply: ReplySender; held: boolean; contactName: string | null; text: string; setText(update: (typed: string) => string): void;
}) {
  const [saved, setSaved] = useState<SavedRepliesView>(null);
  const form = useRef<HTMLFormElement>(null);
  const templates = useSmsTemplates();
  const sendable = matchingTemplate(templates.data?.data ?? [], text.trim()) !== null;
  function change(next: string) {
    if (!reply.isPending) reply.reset();
    setText(() => next);
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!sendable || held) return;
    reply.mutate(text.trim());
  }
  return (
    <form ref={form} className="composer template-composer has-saved-replies" onSubmit={send} data-testid="sms-composer">
      <SmsBodyField label="Reply (an approved DLT template with each {#var#} filled)" value={text} onChange={change} testId="composer" compactHints
        onKeyDown={(e) => slashOpens(e, () => setSaved('picker'))} />
      <div className="composer-tools">
        <SavedReplies view={saved} onView={setSaved} contactName={contactName} composer={() => form.current?.querySelector<HTMLElement>('[data-testid="composer"]')}
          onInsert={(filled) => change(withSavedReply(text, filled))} />
        <Button type="submit" className="button primary" data-testid="send-reply" disabled={reply.isPending || !sendable || held}
          title={sendable ? undefined : 'Needs a text matching an approved DLT template, each {#var#} filled'}>{reply.isPending ? 'Sending…' : 'Send'}</Button>
      </div>
    </form>
  );
}

/** How many lines the free-text reply grows to before it scrolls. */
const REPLY_MAX_LINES = 8;

/**
 * The reply field as tall as its text (one line empty, up to `REPLY_MAX_LINES`, then it scrolls), so a long reply or a
 * saved one inserted is read whole before it is sent, not scrolled out of a one-line field.
 */
function useGrowing(field: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    const px = (value: string) => parseFloat(value) || 0;
    const style = getComputedStyle(el);
    const borders = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const tallest = px(style.lineHeight) * REPLY_MAX_LINES + px(style.paddingTop) + px(style.paddingBottom) + borders;
    el.style.height = `${Math.min(el.scrollHeight + borders, tallest)}px`;
  }, [field, text]);
}

/**
 * A free-text reply: WhatsApp within the customer-care window, Instagram within its own, email. The draft is the
 * conversation's (`text`), so it outlasts the composer (a block made elsewhere replaces it, and an unblock brings it back;
 * another conversation read meanwhile, or another page): a refused
 * reply keeps it, and its error (the core's message, with a block's reason) shows under the composer. The field grows
 * with its text (`useGrowing`); Enter sends, Shift+Enter starts a new line. `held`: Send (and Enter) waits, as SMS's.
 */
export function TextComposer({ reply, held, channel, contactName, text, setText }: {
  reply: ReplySender; held: boolean; channel: Channel; contactName: string | null; text: string; setText(update: (typed: string) => string): void;
}) {
  const [saved, setSaved] = useState<SavedRepliesView>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useGrowing(field, text);
  function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || held) return;
    reply.mutate(text.trim());
  }
  return (
    <form className="composer has-saved-replies" onSubmit={send}>
      {/* Before the reply in the Tab order: the reply's Tab goes on to Send, as it always has. */}
      <SavedReplies view={saved} onView={setSaved} contactName={contactName} composer={() => field.current} onInsert={(filled) => setText((typed) => withSavedReply(typed, filled))} />
      <textarea ref={field} rows={1} className="reply-field" value={text} onChange={(e) => setText(() => e.target.value)} placeholder={`Reply on ${CHANNEL_LABEL[channel]}…`}
        data-testid="composer" aria-label="Reply" aria-keyshortcuts="/"
        onKeyDown={(e) => { slashOpens(e, () => setSaved('picker')); enterSubmits(e); }} />
      <Button type="submit" className="button primary" data-testid="send-reply" disabled={reply.isPending || !text.trim() || held}>{reply.isPending ? 'Sending…' : 'Send'}</Button>
    </form>
  );
}

/** Why an Instagram conversation has no composer now, and when it has one again. */
export function NoComposer({ conversation }: { conversation: Conversation & { careWindow: { closesAt: string | null } } }) {
  const closed = conversation.careWindow.closesAt;
  return (
    <div className="composer inline" data-testid="composer-unavailable">
      <p className="muted">
        Instagram allows a reply only within 24 hours of the customer&apos;s last message{closed ? ` (this window closed ${time(closed)})` : ''}.
        It opens again when they write.
      </p>
    </div>
  );
}
