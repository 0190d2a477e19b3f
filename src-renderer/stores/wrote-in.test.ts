import { beforeEach, describe, expect, it } from 'vitest';
import { NOTICES_KEPT, useWroteIn } from './wrote-in.ts';

const notice = (text: string) => ({ text, conversations: [{ conversationId: `conv_${text}`, channel: 'sms' as const }] });

describe('the notices of customers writing in', () => {
  beforeEach(() => useWroteIn.setState({ notices: [], nextId: 1, writtenHere: [] }));

  it('keeps the newest few: a campaign’s replies never stack up past them', () => {
    for (const text of ['a', 'b', 'c', 'd', 'e']) useWroteIn.getState().show(notice(text));
    expect(useWroteIn.getState().notices.map((n) => n.text)).toEqual(['c', 'd', 'e']);
    expect(useWroteIn.getState().notices).toHaveLength(NOTICES_KEPT);
  });

  it('gives a new notice an id no closed one had, and closes one or all', () => {
    const { show, dismiss, dismissAll } = useWroteIn.getState();
    show(notice('a'));
    show(notice('b'));
    dismiss(2);
    show(notice('c'));
    expect(useWroteIn.getState().notices.map((n) => [n.id, n.text])).toEqual([[1, 'a'], [3, 'c']]);
    dismissAll();
    expect(useWroteIn.getState().notices).toEqual([]);
  });

  it('remembers the Simulator form’s last write-ins', () => {
    for (let i = 0; i < 25; i += 1) useWroteIn.getState().noteWrittenHere(`msg_${i}`);
    expect(useWroteIn.getState().writtenHere).toHaveLength(20);
    expect(useWroteIn.getState().writtenHere.at(-1)).toBe('msg_24');
  });
});
