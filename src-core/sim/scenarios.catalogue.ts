// The simulator's scenarios: named, deterministic little stories a demo presenter plays on the virtual clock. Each step
// is something the simulated world does through its usual paths (a customer writing in, a phone dialling the business
// number, an email to a simulated mailbox); what follows (receipts, a ring timeout, a bounce) is the world's own doing.
import { MAGIC } from './fixtures.ts';

export type ScenarioAction =
  /** A customer writes in, as `POST /sim/inbound` delivers it (with the name a provider gives, as the demo seed's). */
  | { kind: 'inbound'; channel: 'whatsapp' | 'sms' | 'instagram'; from: string; name: string; text: string }
  /** A phone dials the organization's first business number, as `POST /sim/voice/inbound-call` delivers it. */
  | { kind: 'call'; from: string }
  /** The organization emails a simulated mailbox (its sender and template chosen when the run starts). */
  | { kind: 'email'; to: string };

/** What an organization must have for a scenario to play out whole. */
export type ScenarioNeed = 'instagram' | 'businessNumber' | 'email';

export type ScenarioDefinition = {
  id: string;
  name: string;
  /**
   * What happens, and what it needs, in a line or two: the console shows it beside the Run button. Where it hangs on the
   * organization, made from what is known of it: `call`, how a phone's call to its business number goes (scenario-call-words.ts).
   */
  description: string | ((org: { call: string }) => string);
  needs: readonly ScenarioNeed[];
  /** Virtual seconds from the run until the last thing it shows has happened (its last step, or what that step sets off). */
  durationSeconds: number;
  /** In time order; `at` in seconds after the run starts (the first at 0). */
  steps: ReadonlyArray<{ at: number; what: string; action: ScenarioAction }>;
};

const ALICE = { phone: '+14155550101', name: 'Alice Johnson' };

export const SCENARIOS: readonly ScenarioDefinition[] = [
  {
    id: 'where-is-my-order',
    name: 'A customer asks where their order is',
    description: 'Alice Johnson (+14155550101; order #1001 in the demo shop) writes on WhatsApp and follows up 20 s later. Runs on any organization.',
    needs: [],
    durationSeconds: 20,
    steps: [
      {
        at: 0, what: 'Alice Johnson writes on WhatsApp: “Hi! Where is my order #1001?”',
        action: { kind: 'inbound', channel: 'whatsapp', from: ALICE.phone, name: ALICE.name, text: 'Hi! Where is my order #1001? The tracking page has not changed since Monday.' },
      },
      {
        at: 20, what: 'She follows up on WhatsApp: “Could you check with the courier?”',
        action: { kind: 'inbound', channel: 'whatsapp', from: ALICE.phone, name: ALICE.name, text: 'Could you check with the courier please? I need it by Friday 🙏' },
      },
    ],
  },
  {
    id: 'support-rush',
    name: 'Support rush',
    description: 'Five new customers write in within a minute on WhatsApp, SMS and Instagram. Needs a connected Instagram account.',
    needs: ['instagram'],
    durationSeconds: 55,
    steps: [
      {
        at: 0, what: 'Ishaan Kapoor writes on WhatsApp about a double payment',
        action: { kind: 'inbound', channel: 'whatsapp', from: '+919810000111', name: 'Ishaan Kapoor', text: 'Hi, my payment went through twice for order #1005. Can you refund one of them?' },
      },
      {
        at: 10, what: 'Nora Quinn texts by SMS: is the store open on Sunday?',
        action: { kind: 'inbound', channel: 'sms', from: '+14155550144', name: 'Nora Quinn', text: 'Is the store open on Sunday?' },
      },
      {
        at: 25, what: 'Maya Torres asks on Instagram for the linen tote in black',
        action: { kind: 'inbound', channel: 'instagram', from: '6234817790119001', name: 'Maya Torres', text: 'Do you have the linen tote in black?' },
      },
      {
        at: 40, what: 'Ella Hughes writes on WhatsApp: WELCOME10 does not work at checkout',
        action: { kind: 'inbound', channel: 'whatsapp', from: '+447700900456', name: 'Ella Hughes', text: 'My discount code WELCOME10 is not working at checkout' },
      },
      {
        at: 55, what: 'Dev Malhotra texts by SMS to change a delivery address',
        action: { kind: 'inbound', channel: 'sms', from: '+919810000222', name: 'Dev Malhotra', text: 'I need to change the delivery address for #1003, please call me' },
      },
    ],
  },
  {
    id: 'phone-calls-business',
    name: 'A phone calls the business',
    description: ({ call }) => `Alice’s phone dials the business number: ${call}. At 60 s she texts to be called back. `
      + 'Needs a business number with phone calling on.',
    needs: ['businessNumber'],
    durationSeconds: 60,
    steps: [
      { at: 0, what: '+14155550101 dials the business number (the Calls page follows the call)', action: { kind: 'call', from: ALICE.phone } },
      {
        at: 60, what: 'Alice Johnson texts by SMS: “I just tried to call, could someone call me back?”',
        action: { kind: 'inbound', channel: 'sms', from: ALICE.phone, name: ALICE.name, text: 'I just tried to call about order #1001, could someone call me back?' },
      },
    ],
  },
  {
    id: 'email-bounce-complaint',
    name: 'An email bounces and one complains',
    description: `Emails ${MAGIC.emailBounce} (it bounces) and ${MAGIC.emailComplaint} (marked as spam); both end suppressed, so it runs once. `
      + 'Needs a verified sending domain, an email template with HTML, 2 email credits and no SMTP connection.',
    needs: ['email'],
    durationSeconds: 15,
    steps: [
      { at: 0, what: `An email to ${MAGIC.emailBounce}: it bounces at 2 s (email.message.bounced) and the address is suppressed`, action: { kind: 'email', to: MAGIC.emailBounce } },
      {
        at: 5, what: `An email to ${MAGIC.emailComplaint}: delivered at 7 s, marked as spam at 15 s (email.message.complained) and suppressed`,
        action: { kind: 'email', to: MAGIC.emailComplaint },
      },
    ],
  },
];
