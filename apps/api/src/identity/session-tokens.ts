// Session tokens: JWTs signed with HS256 only (the algorithm is pinned on verify, so `alg: none` or
// another algorithm is refused), with issuer, audience, expiry and the session id. A read-only token
// (scope 'read') rides beside the full one for resource URLs and the live channel; it can change nothing.

import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';

export const TOKEN_ISSUER = 'binaan';
export const TOKEN_AUDIENCE = 'binaan-api';
/** Absolute lifetime; the server-side inactivity limit (1800 s) ends idle sessions long before. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export type TokenClaims = { sub: string; sid: string; cid: string | null; scope: 'full' | 'read' };

export class SessionTokens {
  private readonly jwt: JwtService;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to read it as a
    // public or private key on every sign and verify, about 2 ms per authenticated request here.
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(secret, 'utf8')) });
  }

  issue(claims: TokenClaims): string {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return this.jwt.sign(
      { ...claims, iat: issuedAt, exp: issuedAt + TOKEN_LIFETIME_SECONDS },
      { algorithm: 'HS256', issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE },
    );
  }

  /** The claims of a well-signed, unexpired token; null for anything else. */
  read(token: string): TokenClaims | null {
    try {
      const payload = this.jwt.verify<TokenClaims & { exp: number }>(token, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        clockTimestamp: Math.floor(this.now().getTime() / 1000),
      });
      // jsonwebtoken checks exp only when the token has one: a token without it would never expire.
      if (typeof payload.exp !== 'number') return null;
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || (payload.scope !== 'full' && payload.scope !== 'read'))
        return null;
      return { sub: payload.sub, sid: payload.sid, cid: typeof payload.cid === 'string' ? payload.cid : null, scope: payload.scope };
    } catch {
      return null;
    }
  }
}
