// Send a WhatsApp template and a unified send with fallback, read what the simulated phones received, then move
// Switchboard's virtual clock and watch the WhatsApp message go sent → delivered → read.
//
// Run it against a local server started with the demo fixtures:
//   npm run serve -- --seed demo                          (terminal 1; it prints the Console URL, #token=dsh_…)
//   npm run cli -- keys create --name examples --scopes all
//   SWITCHBOARD_API_KEY=sk_test_… SWITCHBOARD_DASHBOARD_TOKEN=dsh_… node examples/send-and-track.mjs
// SWITCHBOARD_URL defaults to http://127.0.0.1:4800. The /v1 routes take the API key, as the hosted service does.
// The simulator's /sim routes (a phone's inbox, the virtual clock) exist only locally and take the dashboard token
// (made anew at every start of the server) instead.
// Fixtures (README, "Test fixtures"): the approved template `login_code` (en), the SMS sender id `EXMPLE` and its
// DLT template; +15005550002 has no WhatsApp, so the unified send falls back to SMS.

const BASE = process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:4800';
const API_KEY = required('SWITCHBOARD_API_KEY');
const DASHBOARD_TOKEN = required('SWITCHBOARD_DASHBOARD_TOKEN');

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (see the comment at the top of this file).`);
    process.exit(2);
  }
  return value;
}

/** One JSON request; any answer but 2xx throws with its body (the error envelope says what went wrong). */
async function request(token, method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error) => {
    throw new Error(`cannot reach Switchboard at ${BASE} (${error.cause?.code ?? error.message}): is it running?`);
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}
const api = (method, path, body) => request(API_KEY, method, `/v1${path}`, body);
const sim = (method, path, body) => request(DASHBOARD_TOKEN, method, `/sim${path}`, body);

async function showHandset(phone) {
  const { data } = await sim('GET', `/handsets/${encodeURIComponent(phone)}/messages`);
  console.log(`${phone} has received ${data.length} message(s); the latest:`);
  for (const message of data.slice(-3)) console.log(`  [${message.channel}] from ${message.from}: ${message.text}`);
}

// 1. A WhatsApp template (`to`: digits without the plus); body parameters fill {{1}}, {{2}}… in order.
const sent = await api('POST', '/whatsapp/send-template', {
  to: '14155550123',
  templateName: 'login_code',
  languageCode: 'en',
  components: [{ type: 'body', parameters: [{ type: 'text', text: '482913' }] }],
});
console.log(`WhatsApp template sent: ${sent.wamid} (${sent.status})`);

// 2. The unified send: WhatsApp first, then SMS. Every channel failing would be a 502 with `attempts`.
const unified = await api('POST', '/messages/send', {
  to: '+15005550002',
  channel: 'whatsapp',
  fallbackChannels: ['sms'],
  template: { name: 'login_code', languageCode: 'en', variables: { 1: '482913' } },
  sms: { senderId: 'EXMPLE' },
  message: 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store',
});
console.log(`Unified send ${unified.status} on ${unified.channelUsed} (${unified.messageId})`);
// A failed attempt's `code` is the refusal's (INSUFFICIENT_BALANCE, VALIDATION_FAILED, …), null when the provider failed
// the message; `errorCode` is then the provider's (RCS_NOT_SUPPORTED, …). Branch on those, not on `error`'s words.
for (const attempt of unified.attempts) {
  const why = attempt.status === 'failed' ? ` (${attempt.code ?? attempt.errorCode}: ${attempt.error})` : '';
  console.log(`  ${attempt.channel}: ${attempt.status}${why}`);
}

// 3. What the customers' phones received.
await showHandset('+14155550123');
await showHandset('+15005550002');

// 4. Receipts come on the virtual clock: delivered 2 s after sending, read 10 s after. The clock also runs with real
// time; an advance moves it forward at once and returns once every job that fell due has run.
const status = async () => (await api('GET', `/whatsapp/messages/${sent.wamid}`)).status;
console.log(`status: ${await status()}`);
for (const seconds of [2, 8]) {
  const { now } = await sim('POST', '/clock/advance', { seconds });
  console.log(`clock advanced ${seconds} s to ${now}: status ${await status()}`);
}
