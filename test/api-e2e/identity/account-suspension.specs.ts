// A platform administrator suspends an account and reinstates it (admin module: users): the person's
// sessions end and sign-in is refused with accountSuspended, the users list shows the status, each change
// is an event with who and why; only platform administrators may, never on themselves, and a second
// suspension or a reinstatement of an active account is refused with its code.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  login,
  newPerson,
  registerActivatedUser,
  seedUser,
  signIn,
  userIdOf,
  type Person,
  type SeededUser,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function accountSuspensionSpecs(app: () => RunningApp): void {
  describe('an account suspended and reinstated by a platform administrator', () => {
    let ctx: RunningApp;
    const user: Person = newPerson('suspended');
    let userId = '';
    let admin: SeededUser;
    let adminToken = '';
    let userSessions: string[] = [];
    const call = (targetId: string, action: 'suspend' | 'reinstate', body: object, token = adminToken) =>
      ctx.api.post(`users/${encodeURIComponent(targetId)}/${action}`, body, { token });
    const lastUserEvent = async () => (await ctx.store.readStream(`user-${userId}`)).at(-1)!;
    const listedStatus = async () => {
      const reply = await ctx.api.get('personal-data/users', { token: adminToken, query: { q: user.email } });
      expect(reply.status).toBe(200);
      return (reply.body.users as { userId: string; status: string }[]).find((row) => row.userId === userId)?.status;
    };

    beforeAll(async () => {
      ctx = app();
      await registerActivatedUser(ctx, user);
      userId = await userIdOf(ctx.store, user.email);
      userSessions = [(await signIn(ctx, user)).jwtToken, (await signIn(ctx, user)).jwtToken];
      admin = await seedUser(ctx, newPerson('platform-admin-suspends'), { userType: 2 });
      adminToken = (await signIn(ctx, admin)).jwtToken;
    });

    it('given a signed-in user who is not a platform admin, then 403 noAccessRight and the account stays active', async () => {
      const colleague = await seedUser(ctx, newPerson('not-an-admin'));
      const reply = await call(userId, 'suspend', { reason: 'I am not allowed' }, (await signIn(ctx, colleague)).jwtToken);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'noAccessRight' });
      expect((await lastUserEvent()).type).not.toBe('AccountSuspended');
      expect((await ctx.api.get('company/list', { token: userSessions[0] })).status).toBe(200);
    });

    it('given no session, then 401', async () => {
      expect((await ctx.api.post(`users/${userId}/suspend`, { reason: 'No session here' })).status).toBe(401);
    });

    it.each([
      ['no reason', {}],
      ['a reason of two characters', { reason: 'no' }],
      ['a reason that is not text', { reason: 42 }],
      ['a reason longer than 500 characters', { reason: 'x'.repeat(501) }],
    ])('given %s, then 400 validationFailed naming the field, and nothing is recorded', async (_case, body) => {
      const reply = await call(userId, 'suspend', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed', fields: { reason: expect.any(Array) } });
      expect((await lastUserEvent()).type).not.toBe('AccountSuspended');
    });

    it('given an id no user has, then 404 notFound', async () => {
      const reply = await call(randomUUID(), 'suspend', { reason: 'Nobody has this id' });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'notFound' });
    });

    it('given the administrator themselves, then 409 cannotSuspendSelf and their session goes on', async () => {
      const reply = await call(admin.userId, 'suspend', { reason: 'Trying my own account' });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'cannotSuspendSelf' });
      expect((await ctx.api.get('company/list', { token: adminToken })).status).toBe(200);
    });

    it('given an active account that is not suspended, then reinstating it is 409 accountNotSuspended', async () => {
      const reply = await call(userId, 'reinstate', { reason: 'Nothing to lift' });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'accountNotSuspended' });
    });

    it('given a reason, then the account is suspended with who and why, every session of theirs ends, and sign-in is refused with accountSuspended', async () => {
      const reply = await call(userId, 'suspend', { reason: 'Reported for misuse of tenders' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, userId, status: 'suspended' });
      const event = await lastUserEvent();
      expect(event.type).toBe('AccountSuspended');
      expect(event.metadata.actorUserId).toBe(admin.userId);
      expect(event.data).toEqual({ reason: 'Reported for misuse of tenders' });
      for (const token of userSessions) {
        const ended = await ctx.api.get('company/list', { token });
        expect(ended.status).toBe(401);
        expect(ended.body).toMatchObject({ errorCode: 'sessionExpired' });
      }
      const refused = await login(ctx, user.email, user.password);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 'accountSuspended' });
      expect(await listedStatus()).toBe('suspended');
      expect((await ctx.api.get('company/list', { token: adminToken })).status).toBe(200);
    });

    it('then suspending it again is 409 accountAlreadySuspended, and nothing more is recorded', async () => {
      const before = (await ctx.store.readStream(`user-${userId}`)).length;
      const reply = await call(userId, 'suspend', { reason: 'Once more' });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'accountAlreadySuspended' });
      expect((await ctx.store.readStream(`user-${userId}`)).length).toBe(before);
    });

    it('then reinstated with a reason, the account is active again and the same password signs in', async () => {
      const reply = await call(userId, 'reinstate', { reason: 'Cleared after review' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, userId, status: 'activated' });
      const event = await lastUserEvent();
      expect(event.type).toBe('AccountReinstated');
      expect(event.metadata.actorUserId).toBe(admin.userId);
      expect(event.data).toEqual({ reason: 'Cleared after review' });
      const again = await login(ctx, user.email, user.password);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ loginIsAuthenticated: true });
      expect((await ctx.api.get('company/list', { token: again.body.jwtToken as string })).status).toBe(200);
      expect(await listedStatus()).toBe('activated');
    });
  });
}
