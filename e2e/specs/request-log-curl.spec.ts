// A logged request as a curl command (the request log's detail): copied from the panel and run by a real shell against
// the server with the key in SWITCHBOARD_API_KEY, it makes the same request again (the same answer; a new log entry). A
// GET has its command whatever it answered; a successful POST none (its body is not kept); a failed POST its body, with
// a word to fill in what the log redacted.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile();
const run = promisify(execFile);

async function keyFor(name: string, scopes: string[]): Promise<string> {
  return (await session().server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name, environment: 'test', scopes })).body.key;
}
const call = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${session().server.url}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

/**
 * Opens the newest row of `endpoint` that answered `status` (and, given `keyName`, made with that key: the demo's
 * integrations' requests are in the log too), and answers its detail panel.
 */
async function openRow(endpoint: string, status: number, keyName?: string) {
  const { page } = session();
  const rows = page.getByTestId('request-row').filter({ hasText: endpoint }).filter({ hasText: String(status) });
  await (keyName === undefined ? rows : rows.filter({ hasText: keyName })).first().click();
  const details = page.getByTestId('request-details');
  await details.getByTestId('request-detail-status').filter({ hasText: String(status) }).waitFor();
  return details;
}

/** Runs `command` in sh with the key in the environment: what curl printed (the answer's body, then its status). */
async function runCurl(command: string, key: string): Promise<{ body: unknown; status: number }> {
  const { stdout } = await run('sh', ['-c', `${command} -s -w '\\n%{http_code}'`], { env: { ...process.env, SWITCHBOARD_API_KEY: key } });
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: JSON.parse(lines.join('\n')) };
}

describe('a logged request as a curl command', () => {
  it('runs a failed send again as it was sent, through a real shell, and says nothing of the key', async () => {
    const key = await keyFor('Curl', ['sms:send', 'contacts:read']);
    const sent = { to: '+15005550001', channel: 'sms', message: 'Hi Alice, your order #1001 has shipped. Track: exmpl.in/t/1001 - Example Store', sms: { senderId: 'EXMPLE' } };
    const failed = await call(key, '/v1/messages/send', { method: 'POST', body: JSON.stringify(sent) });
    expect(failed.status).toBe(502);
    const answered = await failed.json();

    const { page } = session();
    await page.getByTestId('nav-requests').click();
    const details = await openRow('/v1/messages/send', 502);
    const command = (await details.getByTestId('request-curl-command').textContent()) ?? '';
    expect(command).not.toContain(key);
    expect(command).toContain('$SWITCHBOARD_API_KEY');
    expect(await details.getByTestId('request-curl').textContent()).not.toContain('[redacted]');
    await details.getByRole('button', { name: 'Copy curl command of this request' }).waitFor();
    await details.getByTestId('request-curl').scrollIntoViewIfNeeded();
    await screenshot(page, 'request-log-curl');
    expect(await runCurl(command, key)).toEqual({ status: 502, body: answered });
    // The run is a request like any other: logged, under the same key.
    await expect.poll(() => page.getByTestId('request-row').filter({ hasText: '/v1/messages/send' }).filter({ hasText: '502' }).count()).toBe(2);
  });

  it('gives a GET its command with the query, whatever it answered; a successful POST none', async () => {
    const key = await keyFor('Curl reads', ['contacts:read', 'sms:send']);
    expect((await call(key, '/v1/contacts?search=alice&limit=5')).status).toBe(200);
    const listed = await openRow('/v1/contacts', 200, 'Curl reads');
    const command = (await listed.getByTestId('request-curl-command').textContent()) ?? '';
    expect(command).toContain(`'${session().server.url}/v1/contacts?search=alice&limit=5'`);
    const again = await runCurl(command, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(await (await call(key, '/v1/contacts?search=alice&limit=5')).json());

    const sms = { to: '+14155550101', channel: 'sms', message: 'Hi Alice, your order #1001 has shipped. Track: exmpl.in/t/1001 - Example Store', sms: { senderId: 'EXMPLE' } };
    expect((await call(key, '/v1/messages/send', { method: 'POST', body: JSON.stringify(sms) })).status).toBe(200);
    const sentOk = await openRow('/v1/messages/send', 200, 'Curl reads');
    await sentOk.getByTestId('request-detail-id').waitFor();
    expect(await sentOk.getByTestId('request-curl').count()).toBe(0);
  });

  it('says to fill in what the log redacted', async () => {
    const key = await keyFor('Curl secrets', ['webhooks:write']);
    const refused = await call(key, '/v1/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://not-https.test/hook', events: ['contact.created'], secret: 'whsec_mine' }) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const details = await openRow('/v1/webhooks', refused.status);
    expect(await details.getByTestId('request-curl-command').textContent()).toContain('"secret":"[redacted]"');
    expect(await details.getByTestId('request-curl').textContent()).toContain('Fill in what the log shows as [redacted] before running it.');
  });
});
