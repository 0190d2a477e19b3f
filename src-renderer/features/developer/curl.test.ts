import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuoted, tryKeyCommand } from './curl.ts';

const BASE = 'http://127.0.0.1:4000';
const entry = (method: string, endpoint: string, query: string | null = null) => ({ method, endpoint, query });

describe('a logged request as a curl command', () => {
  // A real shell runs a copied command in e2e/specs/request-log-curl.spec.ts.
  it('quotes any text as one shell word: single quotes, a quote inside closed, escaped and reopened', () => {
    expect(shellQuoted('$HOME `id` "x" ;|&')).toBe(`'$HOME \`id\` "x" ;|&'`);
    expect(shellQuoted("it's")).toBe(`'it'\\''s'`);
    expect(shellQuoted('')).toBe("''");
  });

  it('gives a GET its full URL and the key from the environment, with no body', () => {
    expect(curlCommand(entry('GET', '/v1/whatsapp/logs', 'status=failed&limit=5'), BASE)).toEqual({
      command: `curl -X GET 'http://127.0.0.1:4000/v1/whatsapp/logs?status=failed&limit=5' \\\n  -H "Authorization: Bearer $SWITCHBOARD_API_KEY"`,
      redacted: false,
    });
  });

  it('gives a POST its kept body as JSON, and says when the log redacted a secret in it', () => {
    const sent = curlCommand(entry('POST', '/v1/messages/send'), BASE, '{"to":"+14155550101","text":"It\'s here"}');
    expect(sent?.command).toBe([
      "curl -X POST 'http://127.0.0.1:4000/v1/messages/send'", '-H "Authorization: Bearer $SWITCHBOARD_API_KEY"',
      "-H 'Content-Type: application/json'", `--data '{"to":"+14155550101","text":"It'\\''s here"}'`,
    ].join(' \\\n  '));
    expect(sent?.redacted).toBe(false);
    expect(curlCommand(entry('POST', '/v1/webhooks'), BASE, '{"url":"https://x.test","secret":"[redacted]"}')?.redacted).toBe(true);
  });

  it('gives none where the log cannot give the request whole: a body not kept or cut, a query cut', () => {
    expect(curlCommand(entry('POST', '/v1/messages/send'), BASE)).toBeNull();
    expect(curlCommand(entry('POST', '/v1/messages/send'), BASE, null)).toBeNull();
    expect(curlCommand(entry('PUT', '/v1/email/templates/t1'), BASE, '{"html":"<p>…… [truncated]')).toBeNull();
    expect(curlCommand(entry('GET', '/v1/contacts', `search=${'a'.repeat(998)}…`), BASE)).toBeNull();
  });
});

describe('the commands that try a new key', () => {
  const base = 'http://127.0.0.1:4800';
  it('puts the key where the log\'s commands read it, then reads the contacts when the key may', () => {
    expect(tryKeyCommand('sk_test_abc', ['whatsapp:send', 'contacts:read'], base)).toEqual({
      command: "export SWITCHBOARD_API_KEY='sk_test_abc'\ncurl -X GET 'http://127.0.0.1:4800/v1/contacts?limit=5' \\\n  -H \"Authorization: Bearer $SWITCHBOARD_API_KEY\"",
      refused: false,
    });
  });
  it('reads what another of its scopes allows, or says the contacts\' read is refused when none does', () => {
    expect(tryKeyCommand('sk_test_abc', ['whatsapp:send', 'voice:calls:read'], base).command).toContain("'http://127.0.0.1:4800/v1/voice/calls'");
    expect(tryKeyCommand('sk_test_abc', ['whatsapp:send'], base)).toMatchObject({ refused: true });
    expect(tryKeyCommand('sk_test_abc', ['whatsapp:send'], base).command).toContain('/v1/contacts?limit=5');
  });
});
