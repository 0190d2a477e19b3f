// From an empty request log to a first logged request, as on a new database without the demo (whose integrations have
// logged requests already, see request-log.spec.ts): the empty log points to a new key; the new key comes with the shell lines that try it (the key in $SWITCHBOARD_API_KEY, a
// read its scopes allow), which a real shell runs as copied; and its link opens the Request log, where the request is.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile({ seed: 'none' });
const run = promisify(execFile);

describe('trying a new key', () => {
  it('goes from the empty request log to a new key, whose commands a shell runs, and back to the log with the request', async () => {
    const { page, server } = session();
    await page.getByTestId('nav-requests').click();
    const empty = page.locator('.state.empty').filter({ hasText: 'No requests yet' });
    await empty.waitFor();
    expect(await empty.textContent()).toContain('A new API key comes with the commands to make a first one.');
    await empty.getByTestId('request-log-keys').click();

    await page.getByTestId('new-key').click();
    await page.getByTestId('key-name').fill('Demo backend');
    await page.getByTestId('scope-group-contacts').check();
    await page.getByTestId('create-key').click();
    const key = (await page.getByTestId('plaintext-key').textContent()) ?? '';
    expect(key).toMatch(/^sk_test_/);
    const command = (await page.getByTestId('try-key-command').textContent()) ?? '';
    expect(command).toBe(`export SWITCHBOARD_API_KEY='${key}'\ncurl -X GET '${server.url}/v1/contacts?limit=5' \\\n  -H "Authorization: Bearer $SWITCHBOARD_API_KEY"`);
    expect(await page.getByTestId('try-key').textContent()).toContain('a first request reads with it');
    await screenshot(page, 'try-key');

    // As copied, in a shell with nothing set: the lines set the key themselves.
    const { stdout } = await run('sh', ['-c', `${command} -s -w '\\n%{http_code}'`], { env: { PATH: process.env.PATH ?? '' } });
    expect(stdout.split('\n').at(-1)).toBe('200');

    await page.getByTestId('try-key-log').click();
    const row = page.getByTestId('request-row').filter({ hasText: '/v1/contacts' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Demo backend');
    expect(await row.textContent()).toContain('200');
  });
});
