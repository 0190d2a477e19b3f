// Which inbound texts are opt-out or opt-in keywords.
import { describe, expect, it } from 'vitest';
import { optOutOf } from '../../contract/contacts.ts';
import { keywordOf, optOutReason } from './opt-out-keywords.ts';

describe('keywordOf', () => {
  it('reads a keyword alone, trimmed, in any case, on the phone channels', () => {
    expect(keywordOf('sms', '  Stop \n')).toEqual({ kind: 'opt-out', keyword: 'STOP' });
    expect(keywordOf('whatsapp', 'unsubscribe')).toEqual({ kind: 'opt-out', keyword: 'UNSUBSCRIBE' });
    expect(keywordOf('rcs', 'start')).toEqual({ kind: 'opt-in', keyword: 'START' });
  });

  it('ignores sentences and the channels without keywords', () => {
    expect(keywordOf('sms', 'stop please')).toBeNull();
    expect(keywordOf('sms', 'STOP!')).toBeNull();
    expect(keywordOf('instagram', 'STOP')).toBeNull();
    expect(keywordOf('email', 'STOP')).toBeNull();
  });

  it('takes only ASCII letters: Unicode look-alikes that upper-case to a keyword are ordinary text', () => {
    expect('ſtop'.toUpperCase()).toBe('STOP');
    expect(keywordOf('sms', 'ſtop')).toBeNull();
    expect(keywordOf('whatsapp', 'quıt')).toBeNull();
    expect(keywordOf('sms', 'ＳＴＯＰ')).toBeNull();
  });
});

describe('the opt-out block reason', () => {
  it('is read back as the keyword and channel it names; any other reason is not an opt-out', () => {
    expect(optOutOf(optOutReason('STOP', 'sms'))).toEqual({ keyword: 'STOP', channelName: 'SMS' });
    expect(optOutOf(optOutReason('UNSUBSCRIBE', 'whatsapp'))).toEqual({ keyword: 'UNSUBSCRIBE', channelName: 'WhatsApp' });
    expect(optOutOf('Asked us to stop calling')).toBeNull();
    expect(optOutOf(null)).toBeNull();
  });
});
