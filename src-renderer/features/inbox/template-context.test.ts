import { describe, expect, it } from 'vitest';
import { buttonPlaceOf, contactValueOf, nameFillsOf, placeOf, rcsPlaceOf } from './template-context.ts';

const BODY = 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.';

describe('a template value’s place', () => {
  it('is its whole sentence around the placeholder, uncut, and a hint of the few words before it (else after)', () => {
    expect(placeOf('Header', 'Order {{1}}', 1)).toEqual({ part: 'Header', before: 'Order ', after: '', hint: 'after “Order”' });
    expect(placeOf('Body', BODY, 1)).toEqual({ part: 'Body', before: 'Hi ', after: ', your order {{2}} has shipped and should arrive by {{3}}.', hint: 'after “Hi”' });
    expect(placeOf('Body', BODY, 3)).toEqual({ part: 'Body', before: 'Hi {{1}}, your order {{2}} has shipped and should arrive by ', after: '.', hint: 'after “arrive by”' });
    expect(placeOf('Body', '{{1}} is your verification code. It expires in 10 minutes.', 1))
      .toEqual({ part: 'Body', before: '', after: ' is your verification code.', hint: 'before “is your”' });
  });

  it('is the sentence it stands in, the dots of a link not ending one, and a sentence running on is cut at a word', () => {
    const text = 'Thanks for your order!\nHi {{1}}, track it at shop.example.com/t/{{2}} today. Reply STOP to opt out.';
    expect(placeOf('Body', text, 1)).toMatchObject({ before: 'Hi ', after: ', track it at shop.example.com/t/{{2}} today.' });
    expect(placeOf('Body', text, 2)).toMatchObject({ before: 'Hi {{1}}, track it at shop.example.com/t/', after: ' today.' });
    const long = `${'word '.repeat(60)}{{1}} end.`;
    const { before } = placeOf('Body', long, 1);
    expect(before.startsWith('… word word')).toBe(true);
    expect(before.length).toBeLessThanOrEqual(161);
  });

  it('of a URL button’s suffix is the link before it, whole', () => {
    expect(buttonPlaceOf('Track order', 'https://shop.example.com/track/{{1}}'))
      .toEqual({ part: 'Button “Track order” link', before: 'https://shop.example.com/track/', after: '', hint: 'after https://shop.example.com/track/' });
  });
});

describe('an RCS template variable’s place', () => {
  const card = { title: 'Order {{order}} is on its way', text: 'Hi {{ name }}, your parcel {{order}} arrives {{eta}}.' };
  it('is the text around its first {{name}}, in the title before the text, spaces inside the braces as written', () => {
    expect(rcsPlaceOf(card, 'order')).toEqual({ part: 'Title', before: 'Order ', after: ' is on its way', hint: 'after “Order”' });
    expect(rcsPlaceOf(card, 'name')).toEqual({ part: 'Text', before: 'Hi ', after: ', your parcel {{order}} arrives {{eta}}.', hint: 'after “Hi”' });
    expect(rcsPlaceOf({ title: null, text: 'Arrives {{eta}}.' }, 'eta')).toEqual({ part: 'Text', before: 'Arrives ', after: '.', hint: 'after “Arrives”' });
  });
});

describe('what the contact gives an RCS variable', () => {
  const priya = { name: 'Priya Sharma', email: 'priya@example.com', username: null };
  it('is the contact field the variable is named after, the phone the conversation\'s number, as an RCS campaign fills it', () => {
    expect(contactValueOf('name', priya, '+919810007919')).toBe('Priya Sharma');
    expect(contactValueOf('email', priya, '+919810007919')).toBe('priya@example.com');
    expect(contactValueOf('phone', priya, '+919810007919')).toBe('919810007919');
    expect(contactValueOf('phone', null, '+919810007919')).toBe('919810007919');
  });
  it('is nothing for another variable, a field the contact has blank, or no contact', () => {
    expect(contactValueOf('order', priya, '+919810007919')).toBeNull();
    expect(contactValueOf('username', priya, '+919810007919')).toBeNull();
    expect(contactValueOf('name', { ...priya, name: '  ' }, '+919810007919')).toBeNull();
    expect(contactValueOf('name', null, '+919810007919')).toBeNull();
  });
});

describe('the contact\'s name offered to a WhatsApp template value', () => {
  it('is the first name, and the whole name where it is longer; nothing without a name', () => {
    expect(nameFillsOf({ name: 'Meera Müller', email: null, username: null }, '+919810356355'))
      .toEqual([{ value: 'Meera', label: "Contact's first name" }, { value: 'Meera Müller', label: "Contact's name" }]);
    expect(nameFillsOf({ name: ' Cher ', email: null, username: null }, '+1')).toEqual([{ value: 'Cher', label: "Contact's name" }]);
    expect(nameFillsOf({ name: null, email: 'a@b.c', username: 'ab' }, '+1')).toEqual([]);
    expect(nameFillsOf(null, '+1')).toEqual([]);
  });
});
