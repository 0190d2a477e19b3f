// Composers for the channels whose replies have rules of their own: SMS must fill an approved DLT
// template, and Instagram allows one only within 24 hours (RCS's templates: rcs-composer.tsx).
import { useState, type FormEvent } from 'react';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { time } from '../../components/format.ts';
import { useSmsTemplates } from '../channels/queries.ts';
import { matchingTemplate } from '../campaigns/dlt.ts';
import { SmsBodyField } from '../campaigns/sms-body-field.tsx';
import type { useReply } from './mutations.ts';

/**
 * An SMS reply: the approved DLT templates as a start, and a live check of the text against them; only a
 * text that matches one (each {#var#} filled) can be sent, and the last refusal goes once the text changes.
 */
export function SmsComposer({ reply }: { reply: ReturnType<typeof useReply> }) {
  const [text, setText] = useState('');
  const templates = useSmsTemplates();
  const sendable = matchingTemplate(templates.data?.data ?? [], text.trim()) !== null;
  function change(next: string) {
    if (!reply.isPending) reply.reset();
    setText(next);
  }
  function send(event: FormEvent) {
    event.preventDefault();
    if (!sendable) return;
    reply.mutate(text.trim(), { onSuccess: () => setText('') });
  }
  return (
    <form className="composer template-composer" onSubmit={send} data-testid="sms-composer">
      <SmsBodyField label="Reply (an approved DLT template with each {#var#} filled)" value={text} onChange={change} testId="composer" compactHints />
      <Button type="submit" className="button primary" data-testid="send-reply" disabled={reply.isPending || !sendable}
        title={sendable ? undefined : 'Needs a text matching an approved DLT template, each {#var#} filled'}>{reply.isPending ? 'Sending…' : 'Send'}</Button>
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
