// The one-time codes a test's simulated handset received (OTP tests).
import type { TestServer } from './test-server.ts';

type Received = { channel: string; from: string; text: string };

/** Every message the handset of `phone` received (digits taken from it), in `org` or the default organization. */
export const handsetOf = async (t: TestServer, phone: string, org?: string): Promise<Received[]> => t.handset(phone.replace(/\D/g, ''), org);

/** The code in the last message the handset received, with the channel it came on. */
export async function lastCode(t: TestServer, phone: string, org?: string): Promise<{ code: string; channel: string; from: string }> {
  const last = (await handsetOf(t, phone, org)).at(-1) as Received;
  const code = /^(\d+) is your verification code/.exec(last.text)?.[1];
  if (!code) throw new Error(`no code in ${last.text}`);
  return { code, channel: last.channel, from: last.from };
}
