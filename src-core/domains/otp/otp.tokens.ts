// OTP access tokens: HS256 JWTs (jose) signed with the organization's key, checked against the virtual clock.
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError, invalidField } from '../../kernel/errors.ts';

export const OTP_TOKEN_ISSUER = 'switchboard-otp';
export const OTP_TOKEN_LIFETIME_SECONDS = 600;

export type OtpTokenClaims = { sub: string; jti: string; rid: string; wid: string; iat: number; exp: number };

export function signOtpToken(secret: Uint8Array, claims: OtpTokenClaims): Promise<string> {
  return new SignJWT({ rid: claims.rid, wid: claims.wid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(OTP_TOKEN_ISSUER)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(secret);
}

/** The token's claims when its signature, issuer and expiry hold at `nowMs` (virtual time); else 400 saying which. */
export async function verifyOtpToken(secret: Uint8Array | undefined, token: string, nowMs: number): Promise<OtpTokenClaims> {
  if (!secret) throw invalidField('accessToken is invalid: it was not issued by this organization');
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: OTP_TOKEN_ISSUER, currentDate: new Date(nowMs) });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.rid !== 'string') {
      throw invalidField('accessToken is invalid: required claims are missing');
    }
    return payload as unknown as OtpTokenClaims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw invalidField(`accessToken has expired (tokens are valid for ${OTP_TOKEN_LIFETIME_SECONDS / 60} minutes after verification)`);
    if (error instanceof errors.JWSSignatureVerificationFailed) throw invalidField('accessToken is invalid: its signature does not match this organization');
    throw invalidField('accessToken is invalid: not a token issued by OTP verification');
  }
}
