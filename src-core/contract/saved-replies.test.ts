// A saved reply's text for one conversation: its contact's name in the merge tags, the fallback without one.
import { describe, expect, it } from 'vitest';
import { fillSavedReply } from './saved-replies.ts';

describe('fillSavedReply', () => {
  it('fills first_name, last_name and name from the contact, with the fallback where it has no name', () => {
    const text = 'Hi {{first_name|there}} ({{ name }}, {{last_name}})';
    expect(fillSavedReply(text, 'Alice Johnson')).toBe('Hi Alice (Alice Johnson, Johnson)');
    expect(fillSavedReply(text, '  Zoë  ')).toBe('Hi Zoë (Zoë, )');
    expect(fillSavedReply(text, null)).toBe('Hi there (, )');
    expect(fillSavedReply('Hi {{first_name}}!', '')).toBe('Hi !');
  });

  it('leaves any other tag as written, for the agent to fill in the composer', () => {
    expect(fillSavedReply('Order {{order|#}} for {{first_name}} {{constructor}}', 'Ravi Nair')).toBe('Order {{order|#}} for Ravi {{constructor}}');
  });
});
