// The DLT rule: a message is a template's body with each {#var#} filled by 1 to 30 characters of one line.
import { describe, expect, it } from 'vitest';
import { matchesDlt, overlongDltValue } from './sms.ts';

/** The rule written as a regular expression: right, but exponential on a near miss (kept for comparison). */
function byRegExp(body: string, message: string, varMax = 30): boolean {
  const parts = body.split('{#var#}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join(Number.isFinite(varMax) ? `[^\\n]{1,${varMax}}` : '[^\\n]+')}$`).test(message);
}

describe('DLT template matching', () => {
  it('fills each {#var#} with 1 to 30 characters of one line', () => {
    const body = 'Your order {#var#} has shipped. Track it at {#var#} - ACME';
    expect(matchesDlt(body, 'Your order #1001 has shipped. Track it at https://t.co/x - ACME')).toBe(true);
    expect(matchesDlt(body, 'Your order  has shipped. Track it at x - ACME')).toBe(false);
    expect(matchesDlt(body, `Your order ${'x'.repeat(30)} has shipped. Track it at x - ACME`)).toBe(true);
    expect(matchesDlt(body, `Your order ${'x'.repeat(31)} has shipped. Track it at x - ACME`)).toBe(false);
    expect(overlongDltValue(body, `Your order ${'x'.repeat(31)} has shipped. Track it at x - ACME`)).toBe(true);
    expect(matchesDlt(body, 'Your order 1\n2 has shipped. Track it at x - ACME')).toBe(false);
    expect(overlongDltValue(body, 'Your order 1\n2 has shipped. Track it at x - ACME')).toBe(false);
    expect(matchesDlt('No variables here', 'No variables here')).toBe(true);
    expect(matchesDlt('No variables here', 'No variables here!')).toBe(false);
    expect(matchesDlt('{#var#}', 'anything at all')).toBe(true);
    expect(matchesDlt('Code: {#var#}{#var#}', 'Code: 1')).toBe(false);
    expect(matchesDlt('Code: {#var#}{#var#}', 'Code: 12')).toBe(true);
  });

  it('agrees with the regular-expression reading of the rule on thousands of generated cases', () => {
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pick = (chars: string, length: number): string => Array.from({ length }, () => chars[random(chars.length)]).join('');
    for (let i = 0; i < 5000; i++) {
      const body = Array.from({ length: 1 + random(4) }, () => pick('ab \n', random(3))).join('{#var#}');
      const message = pick('ab \n', random(12)) + (random(3) === 0 ? pick('ab', 25 + random(10)) : '') + pick('ab \n', random(6));
      expect({ body, message, fits: matchesDlt(body, message) }).toEqual({ body, message, fits: byRegExp(body, message) });
      const overlong = overlongDltValue(body, message);
      expect({ body, message, overlong }).toEqual({ body, message, overlong: !byRegExp(body, message) && byRegExp(body, message, Infinity) });
    }
  });

  it('answers a near miss on a template with many variables without backtracking (a regular expression takes minutes)', () => {
    const body = Array(40).fill('{#var#}').join(' ');
    const message = `${Array(120).fill('a').join(' ')}\n`;
    expect(matchesDlt(body, message)).toBe(false);
    expect(overlongDltValue(body, message)).toBe(false);
    expect(matchesDlt(body, Array(40).fill('a').join(' '))).toBe(true);
  });
});
