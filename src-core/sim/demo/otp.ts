// Demo fixtures for OTP: the "Example Store Login" widget (SMS, then WhatsApp), one verified request and one still waiting,
// both asked for by the storefront with its API key.
import type { DemoStory } from './story.ts';
import type { HandsetMessage } from '../../contract/messaging.ts';
import type { OtpService } from '../../domains/otp/index.ts';
import { codeOnHandset, expectAnswer, mistyped, type DemoApi } from './developer.ts';

/** The phone of the shopper signing in when the story ends. */
export const SIGNING_IN = '+919810004417';

type Deps = { orgId: string; otp: OtpService; demoApi: DemoApi; handset: (address: string) => HandsetMessage[] };

export async function seedOtpDemo(deps: Deps, story: DemoStory): Promise<void> {
  const { orgId, otp, demoApi: { storefront } } = deps;
  const widget = otp.createWidget(orgId, {
    name: 'Example Store Login', otpLength: 6, expirySeconds: 300, resendCooldownSeconds: 30, maxResends: 3, maxSendsPerHour: 5, maxVerifyAttempts: 3,
    channels: ['sms', 'whatsapp'],
  });
  await story.at(30);
  // Alice signs in: the storefront asks for her code, she mistypes it once (400, attempts left), then gets it right.
  const sent = expectAnswer(await storefront('POST', '/v1/otp/send', { widgetId: widget.id, identifier: '+14155550101' }), 200, 'the storefront sending Alice a code');
  const { requestId } = sent.body as { requestId: string };
  const code = codeOnHandset(deps.handset('+14155550101'));
  expectAnswer(await storefront('POST', '/v1/otp/verify', { requestId, otp: mistyped(code) }), 400, 'Alice\'s mistyped code');
  expectAnswer(await storefront('POST', '/v1/otp/verify', { requestId, otp: code }), 200, 'Alice\'s code');
  // A shopper signing in, still waiting for the code when the story ends (it expires five minutes later). Not a customer
  // with a conversation: a code as the last word of Rohan's SMS thread read as the answer to "When will it arrive?".
  story.last(async () => {
    expectAnswer(await storefront('POST', '/v1/otp/send', { widgetId: widget.id, identifier: SIGNING_IN }), 200, 'the storefront sending a shopper a code');
  });
}
