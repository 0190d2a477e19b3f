// Webhook signing: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the endpoint's secret.
import { createHmac } from 'node:crypto';

export function sign(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
