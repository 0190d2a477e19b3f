// Join tokens: a JWT (HS256) that lets one person join one call, valid 300 seconds on the virtual clock.
// The voice server checks them with `verify`; keep its shape.
import { jwtVerify, SignJWT } from 'jose';
import { VOICE_APP_LIMITS } from '../../contract/voice-app.ts';
import type { Clock } from '../../kernel/clock.ts';

export type JoinClaims = { orgId: string; callId: string; participant: string };
const AUDIENCE = 'switchboard-voice';

export function createJoinTokens(deps: { secret: string; clock: Clock }) {
  const key = new TextEncoder().encode(deps.secret);
  return {
    async issue(claims: JoinClaims): Promise<{ token: string; expiresIn: number }> {
      const now = Math.floor(deps.clock.now() / 1000);
      const expiresIn = VOICE_APP_LIMITS.joinTokenSeconds;
      const token = await new SignJWT({ org: claims.orgId, call: claims.callId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.participant).setAudience(AUDIENCE).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(key);
      return { token, expiresIn };
    },
    /** The claims of a token we signed that has not expired on the clock; null otherwise. */
    async verify(token: string): Promise<JoinClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(deps.clock.now()) });
        const { org, call, sub } = payload;
        if (typeof org !== 'string' || typeof call !== 'string' || typeof sub !== 'string') return null;
        return { orgId: org, callId: call, participant: sub };
      } catch {
        return null;
      }
    },
  };
}
export type JoinTokens = ReturnType<typeof createJoinTokens>;
