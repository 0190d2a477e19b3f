// A step's few words on its card: what its config says, cut where long, nothing where it says nothing the card reads.
import { describe, expect, it } from 'vitest';
import { outcomeInWords, stepSummary, waitWords } from './step-summary.ts';

describe('stepSummary', () => {
  it('says what each kind of step does', () => {
    expect(stepSummary({ type: 'contact.add_tag', config: { tag: 'vip' } })).toBe('vip');
    expect(stepSummary({ type: 'contact.remove_tag', config: { tag: ' lead ' } })).toBe('lead');
    expect(stepSummary({ type: 'whatsapp.send_template', config: { templateName: 'welcome_offer', languageCode: 'en' } })).toBe('welcome_offer (en)');
    expect(stepSummary({ type: 'whatsapp.send_template', config: { templateName: 'welcome_offer' } })).toBe('welcome_offer');
    expect(stepSummary({ type: 'sms.send', config: { senderId: 'EXMPLE', message: 'Your order is on its way' } })).toBe('from EXMPLE: "Your order is on its way"');
    expect(stepSummary({ type: 'email.send', config: { fromEmail: 'hello@example.com', templateId: 'etpl_1' } })).toBe('from hello@example.com');
    expect(stepSummary({ type: 'email.send', config: { fromEmail: 'hello@example.com', subject: 'Welcome' } })).toBe('from hello@example.com: "Welcome"');
    expect(stepSummary({ type: 'condition', config: { check: 'contact_has_tag', value: 'vip' } })).toBe('only if the contact has tag vip');
    expect(stepSummary({ type: 'condition', config: { check: 'message_contains', value: 'refund' } })).toBe('only if the message contains "refund"');
  });

  it('quotes a message on one line, cut with an ellipsis past 60 characters', () => {
    const long = `Our size guide\nis on ${'x'.repeat(80)}`;
    const said = stepSummary({ type: 'instagram.reply', config: { message: long } }) as string;
    expect(said.startsWith('"Our size guide is on xxx')).toBe(true);
    expect(said.endsWith('…"')).toBe(true);
    expect(said.length).toBe(62);
  });

  it('says nothing for a config it cannot read or a type it does not know', () => {
    expect(stepSummary({ type: 'contact.add_tag', config: {} })).toBeNull();
    expect(stepSummary({ type: 'contact.add_tag', config: { tag: 5 } })).toBeNull();
    expect(stepSummary({ type: 'condition', config: { check: 'moon_phase', value: 'full' } })).toBeNull();
    expect(stepSummary({ type: 'send_fax', config: { to: '+1' } })).toBeNull();
    expect(stepSummary({ type: 'wait', config: {} })).toBeNull();
  });
});

describe('waitWords', () => {
  it('adds seconds, minutes and hours and says them largest first', () => {
    expect(waitWords({ minutes: 1 })).toBe('1 minute');
    expect(waitWords({ seconds: 90 })).toBe('1 minute 30 seconds');
    expect(waitWords({ hours: 2, minutes: 30 })).toBe('2 hours 30 minutes');
    expect(waitWords({ hours: 1, seconds: 5 })).toBe('1 hour 5 seconds');
    expect(waitWords({ seconds: -5, minutes: 'x' })).toBeNull();
  });
});

describe('outcomeInWords', () => {
  const time = (iso: string) => `<${new Date(iso).getTime()}>`;
  it('writes a moment the core put in a step\'s outcome as the console writes times, the rest as the core said it', () => {
    expect(outcomeInWords('waits 60 s, until 2026-11-27T13:26:33.200Z', time)).toBe(`waits 60 s, until <${Date.UTC(2026, 10, 27, 13, 26, 33, 200)}>`);
    expect(outcomeInWords('until 2026-11-27T13:26:33Z', time)).toBe(`until <${Date.UTC(2026, 10, 27, 13, 26, 33)}>`);
    expect(outcomeInWords('added the tag asked-offer', time)).toBe('added the tag asked-offer');
    expect(outcomeInWords(null, time)).toBe('');
  });
});
