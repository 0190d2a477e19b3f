// What a phone's call to the business number will do, in the words the Simulator's "A phone calls the business" shows
// beside its Run button. Read from the voice app's own routing (`inbound.routeOf`), so the words follow the number's
// route, the organization's webhook endpoints and its voice agents exactly as the call will.
import { VOICE_APP_LIMITS } from '../contract/voice-app.ts';
import { plural } from '../contract/words.ts';
import type { InboundRoute } from '../domains/voice-app/index.ts';

const RING = `rings the team in the dashboard for ${VOICE_APP_LIMITS.ringTimeoutSeconds} s and is missed (no one in the simulated team picks up)`;

/**
 * How the call goes: `route` as the voice app would take it now (null without a number), `listeners` the URLs of the
 * active endpoints on `voice.app.call.inbound` (or `*`).
 */
export function callWords(route: InboundRoute | null, listeners: readonly string[]): string {
  if (!route) return 'the number’s route decides who answers';
  if (route.takenBy === 'ai' && route.agent) return `the voice agent ${route.agent.name} answers at once (the number routes to AI) and talks with the caller, who hangs up 95 s later`;
  if (route.takenBy === 'app') {
    const others = listeners.length > 1 ? ` (and ${plural(listeners.length - 1, 'other endpoint')})` : '';
    return `your backend at ${listeners[0] ?? 'your endpoint'}${others} is asked to answer it (voice.app.call.inbound) and has `
      + `${VOICE_APP_LIMITS.connectWithinSeconds} s to connect it, or it is missed; the team is not rung`;
  }
  if (route.routeTo === 'app') return `no webhook endpoint listens to voice.app.call.inbound, so it ${RING}; add one and your backend is asked to answer instead`;
  if (route.routeTo === 'ai') return `no voice agent is active, so it ${RING}`;
  return `it ${RING}`;
}
