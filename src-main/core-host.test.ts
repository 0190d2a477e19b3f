// The in-process core: the real server on a temp user-data folder, loopback, a free port, a fresh token each run.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coreOptions, newDashboardToken, startCore, type CoreHost } from './core-host.ts';

const quiet = (): void => undefined;
const folders: string[] = [];
const hosts: CoreHost[] = [];

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-main-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('coreOptions', () => {
  it('binds 127.0.0.1 on a free port, keeps the database in the user-data folder and seeds a new one', () => {
    const options = coreOptions({ userDataDir: '/home/u/.config/Switchboard', consoleDir: '/app/out/renderer', log: quiet }, 'tok');
    expect(options).toMatchObject({
      dataFile: join('/home/u/.config/Switchboard', 'switchboard.db'), host: '127.0.0.1', port: 0, seed: 'auto',
      consoleDir: '/app/out/renderer', dashboardToken: 'tok',
    });
  });
});

describe('newDashboardToken', () => {
  it('is dsh_ and 256 random bits, URL-safe, different every time', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => newDashboardToken()));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^dsh_[A-Za-z0-9_-]{43}$/);
  });
});

describe('startCore', () => {
  it('starts the real core on loopback with the user-data database; the token opens the dashboard API', async () => {
    const userDataDir = join(tempFolder(), 'Switchboard');
    const host = await startCore({ userDataDir, consoleDir: join(userDataDir, 'no-console'), log: quiet });
    hosts.push(host);
    expect(host.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(host.ready.url).port).not.toBe('0');
    expect(host.dataFile).toBe(join(userDataDir, 'switchboard.db'));
    expect(host.dataFolder).toBe(userDataDir);
    expect(existsSync(host.dataFile)).toBe(true);
    expect(host.ready.consoleUrl).toBe(`${host.ready.url}/#token=${host.ready.dashboardToken}`);

    const wallet = await fetch(`${host.ready.url}/dashboard/wallet`, { headers: { authorization: `Bearer ${host.ready.dashboardToken}` } });
    expect(wallet.status).toBe(200);
    const stranger = await fetch(`${host.ready.url}/dashboard/wallet`, { headers: { authorization: `Bearer ${newDashboardToken()}` } });
    expect(stranger.status).toBe(401);
  });

  it('close stops the server; a second start on the same folder gets a new token and the same organization', async () => {
    const userDataDir = tempFolder();
    const first = await startCore({ userDataDir, consoleDir: userDataDir, log: quiet });
    await first.close();
    await expect(fetch(`${first.ready.url}/dashboard/wallet`)).rejects.toThrow();
    const second = await startCore({ userDataDir, consoleDir: userDataDir, log: quiet });
    hosts.push(second);
    expect(second.ready.dashboardToken).not.toBe(first.ready.dashboardToken);
    expect(second.ready.organizationId).toBe(first.ready.organizationId);
  });

  it('fails with the cause when the database cannot be opened', async () => {
    const blocker = join(tempFolder(), 'a-file');
    writeFileSync(blocker, 'not a folder');
    await expect(startCore({ userDataDir: join(blocker, 'Switchboard'), consoleDir: blocker, log: quiet })).rejects.toThrow();
  });
});
