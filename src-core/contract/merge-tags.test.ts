// Which merge tags of an email campaign need a value typed in: those with a `|fallback` (even an empty one, the
// author's choice) not, the rest where any use of them lacks a fallback (a per-recipient tag, for recipients without a name).
import { describe, expect, it } from 'vitest';
import { tagsNeedingValue } from './email.ts';

describe('tagsNeedingValue', () => {
  it('asks for the tags that would come out empty, once each, in order of first use', () => {
    expect(tagsNeedingValue('Your order {{order}} has shipped', '<p>Hi {{first_name}}, {{ order }} ships {{eta|soon}}.</p>', null)).toEqual(['order', 'first_name']);
    expect(tagsNeedingValue('{{eta|soon}} {{note|}}', '{{last_name}}')).toEqual(['last_name']);
    expect(tagsNeedingValue('Hi {{first_name|there}}')).toEqual([]);
    // One use without a fallback is enough for the tag to come out empty there.
    expect(tagsNeedingValue('{{eta|soon}}', 'arrives {{eta}}')).toEqual(['eta']);
  });
});
