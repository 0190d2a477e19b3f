// Demo fixtures for OTP: the "Example Store Login" widget (SMS, then WhatsApp), one verified request and one still waiting.
import type { DemoStory } from './story.ts';
import type { OtpService } from '../../domains/otp/index.ts';

/** The phone of the shopper signing in when the story ends. */
export const SIGNING_IN = '+919810004417';

export async function seedOtpDemo(deps: { orgId: string; otp: OtpService }, story: DemoStory): Promise<void> {
  const { orgId, otp } = deps;
  const widget = otp.createWidget(orgId, {
    name: 'Example Store Login', otpLength: 6, expirySeconds: 300, resendCooldownSeconds: 30, maxResends: 3, maxSendsPerHour: 5, maxVerifyAttempts: 3,
    channels: ['sms', 'whatsapp'],
  });
  await story.at(30);
  const verified = await otp.send(orgId, { widgetId: widget.id, identifier: '+14155550101' }, { code: '482913' });
  await otp.verify(orgId, { requestId: verified.requestId, otp: '482913' });
  // A shopper signing in, still waiting for the code when the story ends (it expires five minutes later). Not a customer
  // with a conversation: a code as the last word of Rohan's SMS thread read as the answer to "When will it arrive?".
  story.last(() => otp.send(orgId, { widgetId: widget.id, identifier: SIGNING_IN }));
}
