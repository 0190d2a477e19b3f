// The command-line tool: serve | keys create|list|revoke | orgs create|list | seed demo.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { createApiKeyBodySchema, createOrganizationBodySchema } from './contract/api-keys.ts';
import { SCOPES } from './contract/scopes.ts';
import { defaultDataFile } from './data-path.ts';
import { advertisedBaseUrl } from './kernel/base-url.ts';
import { createServer } from './server.ts';
import { listen, readServerInfo, removeServerInfo, writeServerInfo } from './listen.ts';
import { onStopSignal } from './stop-signal.ts';
import { readTlsFiles, type TlsFiles } from './tls-files.ts';

const HELP = `switchboard <command> [flags]

  serve [--port N] [--host H] [--data FILE] [--seed demo|none] [--allow-private-webhooks] [--json]
        [--tls-cert FILE --tls-key FILE]
  keys create --name NAME [--env test|live] [--scopes a,b|all] [--expires-at ISO] [--allowed-ips ip,ip]
              [--rate-limit N] [--org ORG_ID] [--data FILE] [--json]
  keys list [--org ORG_ID] [--data FILE] [--json]
  keys revoke KEY_ID [--org ORG_ID] [--data FILE]
  orgs create --name NAME [--data FILE] [--json]
  orgs list [--data FILE] [--json]
  orgs rename ORG_ID --name NAME [--data FILE] [--json]
  seed demo [--data FILE]
  listen --forward-to URL [--events a,b] [--data FILE] [--server URL --token TOKEN --org ORG_ID]
`;

const OPTIONS = {
  port: { type: 'string' }, host: { type: 'string' }, data: { type: 'string' }, seed: { type: 'string' },
  'allow-private-webhooks': { type: 'boolean' }, json: { type: 'boolean' }, name: { type: 'string' },
  env: { type: 'string' }, scopes: { type: 'string' }, 'expires-at': { type: 'string' }, 'allowed-ips': { type: 'string' },
  'rate-limit': { type: 'string' }, org: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  'forward-to': { type: 'string' }, events: { type: 'string' }, server: { type: 'string' }, token: { type: 'string' },
  'tls-cert': { type: 'string' }, 'tls-key': { type: 'string' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class UsageError extends Error {}

const consoleDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'renderer');
const dataFileOf = (flags: Flags): string => resolve(flags.data ?? defaultDataFile());
const out = (line: string): void => void process.stdout.write(`${line}\n`);

/** `--tls-cert` and `--tls-key` (both or neither), read and checked before the database is opened. */
function tlsOf(flags: Flags): TlsFiles | undefined {
  const cert = flags['tls-cert'];
  const key = flags['tls-key'];
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) {
    throw new UsageError(`${cert === undefined ? '--tls-key' : '--tls-cert'} needs ${cert === undefined ? '--tls-cert' : '--tls-key'} too: serving over TLS takes the certificate and its private key`);
  }
  // A file that cannot be read or used is said in one line (`error: …`, exit 1), as a port in use is: the usage would not help.
  return readTlsFiles(cert, key);
}

async function serve(flags: Flags): Promise<void> {
  const port = flags.port === undefined ? 4800 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got ${flags.port}`);
  const seed = flags.seed ?? 'auto';
  if (!['demo', 'none', 'auto'].includes(seed)) throw new UsageError('--seed must be demo or none');
  const tls = tlsOf(flags);
  const server = await createServer({
    dataFile: dataFileOf(flags), host: flags.host ?? '127.0.0.1', port, seed: seed as 'demo' | 'none' | 'auto',
    allowPrivateWebhooks: flags['allow-private-webhooks'] ?? false, consoleDir, tls,
  });
  let ready: Awaited<ReturnType<typeof server.listen>>;
  try {
    ready = await server.listen();
  } catch (error) {
    await server.close();
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(`port ${port} on ${flags.host ?? '127.0.0.1'} is already in use (another Switchboard?): pass --port N, or --port 0 for a free one`);
  }
  const dataFile = dataFileOf(flags);
  // Registered before the ready line: a supervisor that stops the server as soon as it reads it gets a clean stop (exit
  // 0, server info removed); a signal between the line and a later registration killed the process with Node's default.
  onStopSignal((signal) => {
    process.stderr.write(`${signal}: stopping\n`);
    removeServerInfo(dataFile);
    server.close().then(() => process.exit(0), (error: unknown) => {
      process.stderr.write(`error while stopping: ${String(error)}\n`);
      process.exit(1);
    });
  });
  // On every interface (`--host 0.0.0.0`), the listening address is no address to open or connect to: this machine's
  // loopback is said, and is what `listen` (through the server info) connects to.
  const shown = advertisedBaseUrl(ready.url, undefined);
  writeServerInfo(dataFile, { url: shown, dashboardToken: ready.dashboardToken, organizationId: ready.organizationId, pid: process.pid });
  if (flags.json) out(JSON.stringify({ ready: true, ...ready }));
  else {
    const elsewhere = shown === ready.url ? '' : ` (listening on ${new URL(ready.url).hostname}: other machines use this machine's address)`;
    out(`Switchboard is ready at ${shown}${elsewhere}`);
    out(`  API:      ${shown}/v1`);
    out(`  MCP:      ${shown}/mcp`);
    out(`  Console:  ${shown}/#token=${ready.dashboardToken}`);
    out(`  Organization: ${ready.organizationId}`);
  }
}

async function withCore<T>(flags: Flags, work: (core: Awaited<ReturnType<typeof createServer>>) => T | Promise<T>): Promise<T> {
  const core = await createServer({ dataFile: dataFileOf(flags), seed: 'none', log: () => undefined });
  try {
    return await work(core);
  } finally {
    await core.close();
  }
}

function parseKeyInput(flags: Flags) {
  if (!flags.name) throw new UsageError('keys create needs --name');
  const scopes = !flags.scopes || flags.scopes === 'all' ? [...SCOPES] : flags.scopes.split(',').map((s) => s.trim()).filter(Boolean);
  const input = createApiKeyBodySchema.safeParse({
    name: flags.name, environment: flags.env ?? 'test', scopes,
    expiresAt: flags['expires-at'], rateLimitPerMinute: flags['rate-limit'] === undefined ? undefined : Number(flags['rate-limit']),
    ipWhitelistEnabled: flags['allowed-ips'] !== undefined,
    allowedIps: flags['allowed-ips']?.split(',').map((s) => s.trim()).filter(Boolean),
  });
  if (!input.success) throw new UsageError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return input.data;
}

async function keys(action: string | undefined, positionals: string[], flags: Flags): Promise<void> {
  await withCore(flags, async (core) => {
    const orgId = flags.org ?? core.defaultOrganizationId;
    const services = core.services;
    services.orgs.get(orgId);
    if (action === 'create') {
      const created = services.apiKeys.create(orgId, parseKeyInput(flags));
      if (flags.json) return out(JSON.stringify(created));
      out(created.key);
      out(`id ${created.id} · ${created.environment} · ${created.scopes.length} scopes · ${created.rateLimitPerMinute}/min · organization ${orgId}`);
      out('This is the only time the key is shown; store it now.');
    } else if (action === 'list') {
      const list = services.apiKeys.list(orgId);
      if (flags.json) return out(JSON.stringify({ data: list }));
      for (const key of list) out(`${key.id}  ${key.prefix}…  ${key.name}  ${key.environment}  ${key.revokedAt ? 'revoked' : 'active'}  ${key.scopes.length} scopes`);
      // The hint repeats where the user looked (their --data and --org), so following it makes the key there.
      const where = [flags.data ? ` --data ${JSON.stringify(flags.data)}` : '', flags.org ? ` --org ${flags.org}` : ''].join('');
      if (list.length === 0) out(`no keys yet: npm run cli -- keys create --name NAME${where}`);
    } else if (action === 'revoke') {
      const id = positionals[0];
      if (!id) throw new UsageError('keys revoke needs KEY_ID');
      const key = services.apiKeys.revoke(orgId, id);
      out(`revoked ${key.id} at ${key.revokedAt}`);
    } else throw new UsageError(`unknown keys action ${action ?? '(none)'}`);
  });
}

/** An organization's name as the dashboard takes it (1–100 characters once trimmed), or a usage error. */
function parseOrgName(action: string, flags: Flags): string {
  if (!flags.name) throw new UsageError(`orgs ${action} needs --name`);
  const input = createOrganizationBodySchema.safeParse({ name: flags.name });
  if (!input.success) throw new UsageError(`--name: ${input.error.issues.map((i) => i.message).join('; ')}`);
  return input.data.name;
}

async function orgs(action: string | undefined, positionals: string[], flags: Flags): Promise<void> {
  await withCore(flags, (core) => {
    if (action === 'create' || action === 'rename') {
      const name = parseOrgName(action, flags);
      const id = positionals[0];
      if (action === 'rename' && !id) throw new UsageError('orgs rename needs ORG_ID');
      const org = action === 'create' ? core.services.orgs.create(name) : core.services.orgs.rename(id as string, name);
      out(flags.json ? JSON.stringify(org) : `${org.id}  ${org.name}`);
    } else if (action === 'list') {
      const list = core.services.orgs.list();
      if (flags.json) out(JSON.stringify({ data: list }));
      else for (const org of list) out(`${org.id}  ${org.name}${org.id === core.defaultOrganizationId ? '  (default)' : ''}`);
    } else throw new UsageError(`unknown orgs action ${action ?? '(none)'}`);
  });
}

async function listenCommand(flags: Flags): Promise<number> {
  if (!flags['forward-to']) throw new UsageError('listen needs --forward-to URL');
  const found = flags.server && flags.token
    ? { url: flags.server.replace(/\/$/, ''), dashboardToken: flags.token, organizationId: flags.org ?? '', pid: 0 }
    : readServerInfo(dataFileOf(flags));
  if (!found) throw new UsageError('no running server found for this --data file: start `npm run serve`, or pass --server URL --token TOKEN --org ORG_ID');
  const events = (flags.events ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return listen({ server: { ...found, organizationId: flags.org ?? found.organizationId }, forwardTo: flags['forward-to'], events });
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, action, ...rest] = parsed.positionals;
  const flags = parsed.values;
  if (flags.help || !command) {
    process.stdout.write(HELP);
    return command || flags.help ? 0 : 2;
  }
  try {
    if (command === 'serve') await serve(flags);
    else if (command === 'keys') await keys(action, rest, flags);
    else if (command === 'orgs') await orgs(action, rest, flags);
    else if (command === 'listen') return await listenCommand(flags);
    else if (command === 'seed') {
      if (action !== 'demo') throw new UsageError('seed takes: demo');
      await withCore(flags, async (core) => out((await core.seedDemo()) ? 'demo fixtures added to the default organization' : 'demo fixtures were already there'));
    } else throw new UsageError(`unknown command ${command}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${HELP}`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `keys list | head -1`: the reader closing the pipe early is not an error of ours (the shell's own tools exit quietly too).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2)).then((code) => {
    if (code !== 0 || process.argv[2] !== 'serve') process.exitCode = code;
  });
}
