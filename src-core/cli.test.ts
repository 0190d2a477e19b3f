// The CLI as a user runs it: `npm run serve -- --json` prints the ready line first; keys and orgs
// commands work on the same database while the server runs; SIGTERM stops it cleanly.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'sb-cli-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[]) {
  const result = spawnSync(tsx, ['src-core/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve(line));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
  });
}
const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

// Each command is a fresh tsx start (1–3 s on a loaded machine); a test runs up to nine of them.
describe('serve', { timeout: 120_000 }, () => {
  it('`npm run serve -- --json`: the first stdout line is the ready JSON; SIGTERM exits 0', async () => {
    const data = join(dir, 'serve.db');
    const child = spawn('npm', ['run', 'serve', '--', '--port', '0', '--data', data, '--json', '--seed', 'demo'], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    });
    children.push(child);
    const ready = JSON.parse(await firstLine(child));
    expect(ready).toMatchObject({
      ready: true, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), organizationId: expect.stringMatching(/^org_/),
      dashboardToken: expect.any(String),
    });
    expect(ready.apiBase).toBe(`${ready.url}/v1`);
    expect(ready.mcpUrl).toBe(`${ready.url}/mcp`);
    expect(ready.consoleUrl).toBe(`${ready.url}/#token=${ready.dashboardToken}`);

    const created = cli(['keys', 'create', '--name', 'from cli', '--scopes', 'contacts:read', '--data', data, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key.key).toMatch(/^sk_test_/);
    const res = await fetch(`${ready.url}/v1/contacts?search=alice`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data[0].email).toBe('alice@example.com');

    const listed = cli(['keys', 'list', '--data', data]);
    expect(listed.stdout).toContain(key.id);
    const revoked = cli(['keys', 'revoke', key.id, '--data', data]);
    expect(revoked.code, revoked.stderr).toBe(0);
    const after = await fetch(`${ready.url}/v1/contacts`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(after.status).toBe(401);

    const exited = exitOf(child);
    process.kill(-(child.pid as number), 'SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);

  it('on every interface (`--host 0.0.0.0`) prints an address a browser can open, not 0.0.0.0', async () => {
    // Node itself, not the tsx wrapper: afterAll's SIGKILL of a failed run then leaves no server behind.
    const data = join(dir, 'wildcard.db');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--host', '0.0.0.0', '--port', '0', '--data', data, '--seed', 'none'], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => lines.push(line) === 4 && resolve());
      child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
    });
    const port = /:(\d+) /.exec(lines[0] as string)?.[1];
    expect(lines.slice(0, 4)).toEqual([
      `Switchboard is ready at http://127.0.0.1:${port} (listening on 0.0.0.0: other machines use this machine's address)`,
      `  API:      http://127.0.0.1:${port}/v1`,
      `  MCP:      http://127.0.0.1:${port}/mcp`,
      expect.stringMatching(new RegExp(`^  Console:  http://127\\.0\\.0\\.1:${port}/#token=dsh_`)),
    ]);
    // What `listen` connects to: the loopback too, not the wildcard.
    expect(JSON.parse(readFileSync(`${data}.server.json`, 'utf8')).url).toBe(`http://127.0.0.1:${port}`);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('says which port is taken, and exits 1, when it cannot listen', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const result = cli(['serve', '--port', String(port), '--data', join(dir, 'busy.db'), '--seed', 'none']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`error: port ${port} on 127.0.0.1 is already in use (another Switchboard?): pass --port N, or --port 0 for a free one\n`);
    } finally {
      blocker.close();
    }
  });
  it('refuses bad flags with exit code 2 and usage', () => {
    const result = cli(['serve', '--port', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port');
    expect(cli(['launch']).code).toBe(2);
    expect(cli(['keys', 'create', '--data', join(dir, 'x.db')]).stderr).toContain('--name');
    expect(cli(['keys', 'create', '--name', 'k', '--scopes', 'contacts:fly', '--data', join(dir, 'x.db')]).code).toBe(2);
  });

  it('orgs create and list; keys for another organization', () => {
    const data = join(dir, 'orgs.db');
    const org = JSON.parse(cli(['orgs', 'create', '--name', 'Acme', '--data', data, '--json']).stdout);
    expect(org.id).toMatch(/^org_/);
    expect(cli(['orgs', 'list', '--data', data]).stdout).toContain('Acme');
    // An organization without keys: the hint makes the key where the user looked.
    expect(cli(['keys', 'list', '--org', org.id, '--data', data]).stdout)
      .toBe(`no keys yet: npm run cli -- keys create --name NAME --data ${JSON.stringify(data)} --org ${org.id}\n`);
    const key = cli(['keys', 'create', '--name', 'acme', '--org', org.id, '--env', 'live', '--data', data]);
    expect(key.code).toBe(0);
    expect(key.stdout.split('\n')[0]).toMatch(/^sk_live_/);
    expect(cli(['keys', 'list', '--org', 'org_missing', '--data', data]).code).toBe(1);
  });

  it('orgs rename, with the dashboard\'s rule for a name; create takes the same rule', () => {
    const data = join(dir, 'rename.db');
    const org = JSON.parse(cli(['orgs', 'create', '--name', '  Acme  ', '--data', data, '--json']).stdout);
    expect(org.name).toBe('Acme');
    const renamed = cli(['orgs', 'rename', org.id, '--name', 'Acme Outlet', '--data', data]);
    expect([renamed.code, renamed.stdout.trim()]).toEqual([0, `${org.id}  Acme Outlet`]);
    expect(cli(['orgs', 'list', '--data', data]).stdout).toContain(`${org.id}  Acme Outlet`);
    for (const args of [['rename', org.id, '--name', '   '], ['rename', '--name', 'X'], ['rename', org.id], ['create', '--name', 'x'.repeat(101)]]) {
      const refused = cli(['orgs', ...args, '--data', data]);
      expect([args.join(' '), refused.code]).toEqual([args.join(' '), 2]);
    }
    expect(cli(['orgs', 'rename', 'org_missing', '--name', 'Ghost', '--data', data]).code).toBe(1);
    expect(cli(['orgs', 'list', '--data', data]).stdout).not.toContain('Ghost');
  });

  it('exits quietly when the reader of its output goes away (`keys list | head -1`)', async () => {
    const data = join(dir, 'pipe.db');
    expect(cli(['keys', 'create', '--name', 'piped', '--data', data]).code).toBe(0);
    const child = spawn(tsx, ['src-core/cli.ts', 'keys', 'list', '--data', data], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    child.stdout?.destroy(); // the pipe's reading end closes before the command writes: its write fails with EPIPE
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitOf(child)).toBe(0);
    expect(stderr).toBe('');
  });
});
