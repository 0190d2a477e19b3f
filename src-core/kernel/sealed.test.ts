// Sealing at rest: a value opens only under its key, for its record, unaltered; the server secret is made once.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, sealingKey, serverSecret, unseal } from './sealed.ts';

describe('sealed values', () => {
  const key = sealingKey(randomBytes(32), 'voice-identity-phone');

  it('round-trips, with a fresh IV each time, and never holds the plaintext', () => {
    const [a, b] = [seal(key, '+14155550101', 'org_1/idn_1'), seal(key, '+14155550101', 'org_1/idn_1')];
    expect(a).not.toBe(b);
    expect(a).not.toContain('4155550101');
    expect(unseal(key, a, 'org_1/idn_1')).toBe('+14155550101');
  });

  it('refuses another record, another purpose\'s key, and an altered value', () => {
    const sealed = seal(key, '+14155550101', 'org_1/idn_1');
    expect(() => unseal(key, sealed, 'org_1/idn_2')).toThrow();
    const secret = randomBytes(32);
    expect(() => unseal(sealingKey(secret, 'other'), seal(sealingKey(secret, 'voice-identity-phone'), 'x', 'r'), 'r')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    expect(() => unseal(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'org_1/idn_1')).toThrow();
    expect(() => unseal(key, 'plain text', 'org_1/idn_1')).toThrow('not a sealed value');
  });

  it('makes the server secret once and reads it back after', () => {
    const settings = new Map<string, string>();
    const store = { getSetting: (k: string) => settings.get(k), setSetting: (k: string, v: string) => void settings.set(k, v) };
    const first = serverSecret(store);
    expect(first).toHaveLength(32);
    expect(serverSecret(store).equals(first)).toBe(true);
  });
});
