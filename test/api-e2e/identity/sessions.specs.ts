// Sessions: a JWT signed with a pinned algorithm, with expiry, audience and a session id; a
// read-only token beside it that can change nothing; logout ends the session at once; 1800 s without a
// call end it too, and any call (get-server-timestamp included) renews it.

import { beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { loadSecrets } from '../../../apps/api/src/common/secrets.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../apps/api/src/identity/session-tokens.js';
import { login, newPerson, registerActivatedUser, SECOND, signIn, userIdOf, type Tokens } from '../../support/identity.js';
import type { RunningApp } from './harness.js';

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A JWT made by hand: any header (alg none included), any claims, signed with any key (or not at all). */
function jwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: string | null): string {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  if (key === null) return `${unsigned}.`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${unsigned}.${base64url(createHmac(algorithm, key).update(unsigned).digest())}`;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

export function sessionSpecs(app: () => RunningApp): void {
  describe('sessions', () => {
    let ctx: RunningApp;
    const person = newPerson('session');
    beforeAll(async () => {
      ctx = app();
      await registerActivatedUser(ctx, person);
      await signIn(ctx, person); // accepts the terms once
    });
    const ping = (token: string) => ctx.api.get('application/get-server-timestamp', { token });

    describe('logout', () => {
      it('given a session, when the user logs out, then the marker cookie is cleared and the next call with either token answers 401 sessionExpired', async () => {
        const tokens = await signIn(ctx, person);
        expect((await ping(tokens.jwtToken)).status).toBe(200);
        const reply = await ctx.api.post(
          'users/logout',
          { token: tokens.jwtToken, os: 'Linux', app_name: 'web', middleware_name: 'binaan' },
          { token: tokens.jwtToken },
        );
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true });
        expect(String(reply.headers['set-cookie'])).toMatch(/binaan_session=;.*Expires=Thu, 01 Jan 1970/);
        for (const token of [tokens.jwtToken, tokens.readOnlyJwtToken]) {
          const next = await ping(token);
          expect(next.status).toBe(401);
          expect(next.body).toMatchObject({ success: false, errorCode: 'sessionExpired' });
        }
      });

      it('given no token or a dead one, when logging out, then it still answers success (best effort)', async () => {
        expect((await ctx.api.post('users/logout')).body).toEqual({ success: true });
        expect((await ctx.api.post('users/logout', {}, { token: 'not.a.token' })).body).toEqual({ success: true });
      });

      it('given a read-only token, when it is used to log out, then 403 readOnlyToken and the session goes on', async () => {
        const tokens = await signIn(ctx, person);
        const reply = await ctx.api.post('users/logout', {}, { token: tokens.readOnlyJwtToken });
        expect(reply.status).toBe(403);
        expect(reply.body).toMatchObject({ errorCode: 'readOnlyToken' });
        const inQuery = await ctx.api.post('users/logout', {}, { query: { t: tokens.readOnlyJwtToken } });
        expect(inQuery.status).toBe(403);
        expect((await ping(tokens.jwtToken)).status).toBe(200);
      });
    });

    describe('inactivity', () => {
      it('given 1800 s without a call, when the next call comes, then 401 sessionExpired', async () => {
        const tokens = await signIn(ctx, person);
        ctx.clock.advance(1800 * SECOND + SECOND);
        const reply = await ping(tokens.jwtToken);
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ errorCode: 'sessionExpired' });
        // It stays ended: coming back within the window does not revive it.
        expect((await ping(tokens.jwtToken)).status).toBe(401);
      });

      it('given calls within the window, then the session is renewed each time and lives past 1800 s', async () => {
        const tokens = await signIn(ctx, person);
        for (let round = 0; round < 3; round++) {
          ctx.clock.advance(1700 * SECOND);
          expect((await ctx.api.get('company/list', { token: tokens.jwtToken })).status).toBe(200);
        }
        ctx.clock.advance(1801 * SECOND);
        expect((await ctx.api.get('company/list', { token: tokens.jwtToken })).status).toBe(401);
      });

      it('given get-server-timestamp as the only call, then it answers the server time and keeps the session alive', async () => {
        const tokens = await signIn(ctx, person);
        ctx.clock.advance(1790 * SECOND);
        const alive = await ping(tokens.jwtToken);
        expect(alive.status).toBe(200);
        expect(alive.body).toEqual({ success: true, data: { timestamp: ctx.clock.now.getTime() } });
        ctx.clock.advance(1790 * SECOND);
        expect((await ping(tokens.jwtToken)).status).toBe(200);
        expect((await ctx.api.get('company/list', { token: tokens.jwtToken })).status).toBe(200);
      });
    });

    describe('tokens', () => {
      let tokens: Tokens;
      let claims: Record<string, unknown>;
      let jwtSecret = '';
      beforeAll(async () => {
        tokens = await signIn(ctx, person);
        claims = claimsOf(tokens.jwtToken);
        // The instance's own key (kept in its temp DATA_DIR), to forge tokens that differ in one thing only.
        jwtSecret = loadSecrets(ctx.config).jwtSecret;
      });

      it('carries the pinned algorithm, issuer, audience, expiry, the user and the session id', async () => {
        expect(JSON.parse(Buffer.from(tokens.jwtToken.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
        expect(claims).toMatchObject({
          iss: TOKEN_ISSUER,
          aud: TOKEN_AUDIENCE,
          sub: await userIdOf(ctx.store, person.email),
          sid: expect.any(String),
          scope: 'full',
          exp: expect.any(Number),
        });
        expect(claimsOf(tokens.readOnlyJwtToken)).toMatchObject({ sid: claims.sid, scope: 'read' });
      });

      it.each([
        ['signed with alg none', () => jwt({ alg: 'none', typ: 'JWT' }, claims, null)],
        ['signed with another key', () => jwt({ alg: 'HS256', typ: 'JWT' }, claims, 'another-key-another-key-another-key-0')],
        ['with another audience (right key)', () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'someone-else' }, jwtSecret)],
        ['with another issuer (right key)', () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }, jwtSecret)],
        ['with another algorithm (HS512, right key)', () => jwt({ alg: 'HS512', typ: 'JWT' }, claims, jwtSecret)],
        [
          'without an expiry (right key)',
          () => jwt({ alg: 'HS256', typ: 'JWT' }, Object.fromEntries(Object.entries(claims).filter(([name]) => name !== 'exp')), jwtSecret),
        ],
        [
          'with an expiry that is not a number (right key)',
          () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: 'never' }, jwtSecret),
        ],
        [
          'past its expiry (right key)',
          () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: Math.floor(ctx.clock.now.getTime() / 1000) - 1 }, jwtSecret),
        ],
        [
          'with its payload changed (full scope on the read-only signature)',
          () =>
            `${tokens.readOnlyJwtToken.split('.')[0]}.${base64url({ ...claimsOf(tokens.readOnlyJwtToken), scope: 'full' })}.${tokens.readOnlyJwtToken.split('.')[2]}`,
        ],
        ['that is not a JWT', () => 'garbage'],
      ])('given a token %s, then 401 unauthorized', async (_case, forge) => {
        const reply = await ping(forge());
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'unauthorized' });
      });

      it('given a well-signed token for a session that never started, then 401 sessionExpired', async () => {
        const reply = await ping(jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: randomUUID() }, jwtSecret));
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ errorCode: 'sessionExpired' });
      });

      it('given the read-only token, when it is used for a POST, then 403 readOnlyToken, while a GET works', async () => {
        const post = await ctx.api.post(
          'users/change-password',
          { oldPassword: person.password, newPassword: 'Other#Pass2026', confirmPassword: 'Other#Pass2026' },
          { token: tokens.readOnlyJwtToken },
        );
        expect(post.status).toBe(403);
        expect(post.body).toMatchObject({ success: false, errorCode: 'readOnlyToken' });
        expect((await ctx.api.post('accept-eula', {}, { token: tokens.readOnlyJwtToken })).status).toBe(403);
        expect((await ctx.api.get('company/list', { token: tokens.readOnlyJwtToken })).status).toBe(200);
        expect((await login(ctx, person.email, person.password)).status).toBe(200); // the password did not change
      });

      it('given the read-only token in the query t, then a GET works and a POST is refused with 403', async () => {
        expect((await ctx.api.get('company/list', { query: { t: tokens.readOnlyJwtToken } })).status).toBe(200);
        const post = await ctx.api.post('accept-eula', {}, { query: { t: tokens.readOnlyJwtToken } });
        expect(post.status).toBe(403);
        expect(post.body).toMatchObject({ errorCode: 'readOnlyToken' });
      });

      it('given the full token in the query t, then 401: only read-only tokens travel in URLs', async () => {
        const reply = await ctx.api.get('company/list', { query: { t: tokens.jwtToken } });
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ errorCode: 'unauthorized' });
      });

      it('given no token, then 401 unauthorized', async () => {
        expect((await ctx.api.get('company/list')).body).toMatchObject({ errorCode: 'unauthorized' });
      });
    });
  });
}
