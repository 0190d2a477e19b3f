// A moment written in two parts (a narrow column's date, then time of day) reads as the whole written at once; a ledger
// line's channel reads as the console names it, calls' usage included; a platform code reads as a word; a language code
// as a language's name.
import { describe, expect, it } from 'vitest';
import { channelLabel, codeWords, languageName, shortTime, time, timeParts } from './format.ts';

describe('timeParts', () => {
  it('splits `time` between its date (with the separator after it) and its time of day, losing nothing', () => {
    for (const iso of ['2026-11-25T22:21:33.000Z', '2026-01-05T03:04:05.000Z']) {
      const [day, clock] = timeParts(iso);
      expect(`${day} ${clock}`).toBe(time(iso));
      expect(clock).toBe(shortTime(iso));
      expect(day).not.toContain(clock);
    }
  });
});

describe('channelLabel', () => {
  it('names message channels, the calls billed by the minute, and leaves anything else as it is', () => {
    expect(['whatsapp', 'email', 'voice', 'voice_app', 'fax'].map(channelLabel)).toEqual(['WhatsApp', 'Email', 'Voice agents', 'Voice app', 'fax']);
  });
});

describe('codeWords', () => {
  it('writes a capitals or snake-case code as a word, capitalised once', () => {
    expect(['APPROVED', 'MARKETING', 'IN_APPEAL', 'no_answer', 'callee_hung_up', 'outbound', 'POSITIVE', ''].map(codeWords))
      .toEqual(['Approved', 'Marketing', 'In appeal', 'No answer', 'Callee hung up', 'Outbound', 'Positive', '']);
  });
});

describe('languageName', () => {
  it("names a template's language code in English, its region in brackets, and leaves a code it cannot read as it is", () => {
    expect(['en', 'en_US', 'pt_BR', 'hi', 'not a code'].map(languageName)).toEqual(['English', 'English (US)', 'Portuguese (Brazil)', 'Hindi', 'not a code']);
  });
});
