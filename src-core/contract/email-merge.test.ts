// One recipient's email, as the core sends it and the console's campaign preview shows it: the recipient's name
// wins over a campaign-wide first_name, a missing value gives the tag's fallback, and values land as text.
import { describe, expect, it } from 'vitest';
import { mergedEmail, nameParts, recipientMergeValues } from './email-merge.ts';

const parts = { subject: 'Hi {{first_name}}, order {{order}}', html: '<p>Hi {{ first_name }}, {{order}} ships {{eta|soon}}.</p>', text: null };

describe('mergedEmail', () => {
  it("fills each tag from the recipient's name, then the campaign's values, then the tag's fallback", () => {
    expect(mergedEmail(parts, recipientMergeValues({ first_name: 'there', order: '#3001' }, nameParts('Alice Johnson')))).toEqual({
      subject: 'Hi Alice, order #3001', html: '<p>Hi Alice, #3001 ships soon.</p>', text: null,
    });
    // A recipient without a name gets the campaign-wide first_name; a tag with neither a value nor a fallback is empty.
    expect(mergedEmail(parts, recipientMergeValues({ first_name: 'there' }, nameParts(null))).subject).toBe('Hi there, order ');
  });

  it('keeps a value as text in the HTML and on one line in the subject', () => {
    const merged = mergedEmail(parts, recipientMergeValues({ order: '<b>1</b>\r\nBcc: x' }, {}));
    expect(merged.html).toBe('<p>Hi , &lt;b&gt;1&lt;/b&gt;\r\nBcc: x ships soon.</p>');
    expect(merged.subject).toBe('Hi , order <b>1</b> Bcc: x');
  });

  it('splits a contact name into its first word and the rest', () => {
    expect(nameParts('  Maya  van der Berg ')).toEqual({ firstName: 'Maya', lastName: 'van der Berg' });
    expect(nameParts('')).toEqual({ firstName: undefined, lastName: undefined });
  });
});
