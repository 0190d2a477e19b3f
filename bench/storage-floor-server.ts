// The storage floor of a durable send: the HTTP library parsing the same POST, and in Switchboard's own
// schema (its migrations, opened as the server opens it, checkpoints on a worker as the server takes them)
// the rows one WhatsApp send writes, grouped into one commit per I/O turn as the server groups them, with
// fixed values and no logic: no auth, validation, rate limit, contact or template lookup, rendering or
// events to listeners. Receipts follow 2 s later, as the simulated world's do; the request log is written
// in batches, as the server's is.
// Usage: node --import tsx bench/storage-floor-server.ts <answer.json> <data file>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { startCheckpointer } from '../src-core/kernel/checkpointer.ts';
import { openDb } from '../src-core/kernel/db.ts';
import { migrate } from '../src-core/kernel/migrate.store.ts';
import { MIGRATIONS } from '../src-core/migrations/index.ts';

// The answer file is the bare server's: the real send's answer, base64.
const answer = Buffer.from((JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as { body: string }).body, 'base64');
const message = JSON.parse(answer.toString()) as Record<string, unknown>;
const db = openDb(process.argv[3] as string);
migrate(db.sql, MIGRATIONS, new Date().toISOString());
// Checkpoints off the main thread, as the server takes them.
startCheckpointer(process.argv[3] as string);
const ORG = 'org_floor';
const ADDRESS = '+14155550123';
const at = () => new Date().toISOString();
db.sql.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(ORG, 'Floor', at());
db.sql.prepare('INSERT INTO wallets (org_id, balance_paise, updated_at) VALUES (?, ?, ?)').run(ORG, 10_000_000_000, at());
db.sql.prepare(`INSERT INTO conversations (id, org_id, channel, address, created_at) VALUES ('conv_floor', ?, 'whatsapp', ?, ?)`).run(ORG, ADDRESS, at());

const s = {
  conversation: db.sql.prepare(`SELECT * FROM conversations WHERE org_id = ? AND channel = 'whatsapp' AND address = ?`),
  charge: db.sql.prepare(`UPDATE wallets SET balance_paise = balance_paise - 80, updated_at = ? WHERE org_id = ? RETURNING balance_paise, email_credits`),
  ledger: db.sql.prepare(`INSERT INTO ledger (id, org_id, kind, channel, amount_paise, email_credits, balance_after_paise, email_credits_after,
    reference_type, reference_id, description, created_at) VALUES (?, ?, 'charge', 'whatsapp', -80, 0, ?, 0, 'message', ?, 'whatsapp message', ?)`),
  message: db.sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, contact_id, conversation_id, address, sender, external_id,
    type, text, content, template_name, template_id, source, billing_amount_paise, created_at, sent_at)
    VALUES (?, ?, 'whatsapp', 'outbound', 'queued', 'cnt_floor', 'conv_floor', ?, NULL, NULL, 'template', 'Hello Alice',
      '{"body":"Hello Alice"}', 'bench_hello', 'wat_floor', 'API', 80, ?, NULL)`),
  touch: db.sql.prepare(`UPDATE conversations SET last_message = 'Hello Alice', last_message_at = ? WHERE id = 'conv_floor'`),
  handset: db.sql.prepare(`INSERT INTO sim_handset_messages (id, org_id, address, channel, sender, text, message_id, external_id, payload, at)
    VALUES (?, ?, ?, 'whatsapp', 'Switchboard', 'Hello Alice', ?, ?, '{}', ?)`),
  sent: db.sql.prepare(`UPDATE messages SET status = 'sent', external_id = ?, sent_at = ? WHERE id = ?`),
  event: db.sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, ?, 'whatsapp.message.status', ?, ?)`),
  job: db.sql.prepare(`INSERT INTO jobs (id, type, org_id, payload, due_at, created_at) VALUES (?, 'sim.receipt', ?, ?, ?, ?)`),
  byExternal: db.sql.prepare(`SELECT * FROM messages WHERE channel = 'whatsapp' AND external_id = ?`),
  delivered: db.sql.prepare(`UPDATE messages SET status = 'delivered', delivered_at = ? WHERE id = ?`),
  removeJob: db.sql.prepare(`DELETE FROM jobs WHERE id = ?`),
  log: db.sql.prepare(`INSERT INTO request_log (id, org_id, key_id, method, endpoint, status_code, source_ip, duration_ms, at)
    VALUES (?, ?, 'key_floor', 'POST', '/v1/messages/send', 200, ?, 1.5, ?)`),
};

let counter = 0;
const id = (prefix: string) => `${prefix}_${String(counter++).padStart(24, '0')}`;
const event = (status: string, messageId: string) => s.event.run(id('evt'), ORG, JSON.stringify({ message: { ...message, id: messageId, status }, status }), at());

/** The delivered receipts of one group, 2 s later, in one transaction with their job's removal. */
function receipts(jobId: string, externalIds: string[]): void {
  db.tx(() => {
    for (const externalId of externalIds) {
      const row = s.byExternal.get(externalId) as { id: string };
      s.delivered.run(at(), row.id);
      event('delivered', row.id);
    }
    s.removeJob.run(jobId);
  });
}

let group: Array<() => void> | null = null;
function flush(): void {
  const answers = group ?? [];
  group = null;
  const externalIds: string[] = [];
  const jobIds = [id('job'), id('job')];
  db.tx(() => {
    for (let i = 0; i < answers.length; i++) {
      s.conversation.get(ORG, ADDRESS);
      const messageId = id('msg');
      const wallet = s.charge.get(at(), ORG) as { balance_paise: number };
      s.ledger.run(id('led'), ORG, wallet.balance_paise, messageId, at());
      s.message.run(messageId, ORG, ADDRESS, at());
      s.touch.run(at());
      const externalId = id('wamid');
      s.handset.run(id('hsm'), ORG, ADDRESS, messageId, externalId, at());
      s.sent.run(externalId, at(), messageId);
      event('sent', messageId);
      externalIds.push(externalId);
    }
    // The simulated world schedules a group's receipts as one job per due time (delivered, read).
    [2_000, 10_000].forEach((delayMs, k) => s.job.run(jobIds[k], ORG, JSON.stringify({ items: externalIds }), Date.now() + delayMs, at()));
  });
  setTimeout(() => receipts(jobIds[0] as string, externalIds), 2_000);
  for (const reply of answers) reply();
}

let logged: string[] = [];
setInterval(() => {
  const ips = logged;
  logged = [];
  db.tx(() => ips.forEach((ip) => s.log.run(id('req'), ORG, ip, at())));
}, 250);

const app = Fastify();
app.post('/v1/messages/send', (request, reply) => {
  logged.push(String(request.headers['x-forwarded-for'] ?? request.ip));
  if (!group) {
    group = [];
    setImmediate(flush);
  }
  group.push(() => void reply.type('application/json; charset=utf-8').send(answer));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
