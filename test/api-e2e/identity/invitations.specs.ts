// Accepting a call for interest (answered once, signed in or not) and the ui's error reports.

import { beforeAll, describe, expect, it } from '@jest/globals';
import { newPerson, seedCompany, seedInvitation, seedUser, signIn, type SeededCompany, type Tokens } from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function invitationAndUiErrorSpecs(app: () => RunningApp): void {
  describe('call-for-interest/accept-invitation', () => {
    let ctx: RunningApp;
    let company: SeededCompany;
    let invitee: Tokens & { userId: string };
    beforeAll(async () => {
      ctx = app();
      company = await seedCompany(ctx, { name: 'Zeta Piling Sdn Bhd', status: 3 });
      const person = await seedUser(ctx, newPerson('invitee'));
      invitee = { ...(await signIn(ctx, person)), userId: person.userId };
    });
    const accept = (id: string, token?: string) =>
      ctx.api.post('call-for-interest/accept-invitation', { id, remark: 'We can start in March.' }, token ? { token } : {});

    it('given an invitation, when it is accepted without signing in, then success, and a second answer is 409 alreadyRespondedInvitation', async () => {
      const id = await seedInvitation(ctx, company.companyId, 'someone@example.com');
      const first = await accept(id);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, msg: 'invitation.accepted' });
      const second = await accept(id);
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ success: false, errorCode: 'alreadyRespondedInvitation' });
      const events = await ctx.store.readStream(`invitation-${id}`);
      expect(events.map((event) => event.type)).toEqual(['InvitationSent', 'InvitationAccepted']);
      expect(events[1]!.data).toEqual({ remark: 'We can start in March.', userId: null });
    });

    it('given a signed-in invitee, when accepting, then the answer names them', async () => {
      const id = await seedInvitation(ctx, company.companyId, 'invitee@example.com');
      expect((await accept(id, invitee.jwtToken)).status).toBe(200);
      const [, accepted] = await ctx.store.readStream(`invitation-${id}`);
      expect(accepted!.data).toMatchObject({ userId: invitee.userId });
      expect(accepted!.metadata.actorUserId).toBe(invitee.userId);
    });

    it('given a read-only token, when accepting, then 403 readOnlyToken and the invitation stays open', async () => {
      const id = await seedInvitation(ctx, company.companyId, 'invitee@example.com');
      const reply = await accept(id, invitee.readOnlyJwtToken);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ errorCode: 'readOnlyToken' });
      expect((await accept(id)).status).toBe(200);
    });

    it.each([
      ['an unknown id', 'AAAAAAAAAAAAAAAAAAAAAA'],
      ['an id of the wrong shape', '../../etc'],
    ])('given %s, then 404 notFound', async (_case, id) => {
      const reply = await accept(id);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'notFound' });
    });

    it('given no id, then 400 validationFailed naming it', async () => {
      const reply = await ctx.api.post('call-for-interest/accept-invitation', { remark: 'x' });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ errorCode: 'validationFailed', fields: { id: expect.any(Array) } });
    });
  });

  describe('log-ui-error', () => {
    let ctx: RunningApp;
    beforeAll(() => {
      ctx = app();
    });

    it('given a rendering error from the ui, then success, and it is kept as an event of the day', async () => {
      const reply = await ctx.api.post('log-ui-error', { error: 'TypeError: x is undefined', error_info: 'in <Dashboard>' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true });
      const day = ctx.clock.now.toISOString().slice(0, 10);
      const kept = await ctx.store.readStream(`ui-errors-${day}`);
      expect(kept.at(-1)!.data).toEqual({ error: 'TypeError: x is undefined', errorInfo: 'in <Dashboard>' });
    });

    it.each([
      ['no error field', { error_info: 'x' }],
      ['an error longer than 2000 characters', { error: 'e'.repeat(2001) }],
    ])('given %s, then 400 validationFailed', async (_case, body) => {
      const reply = await ctx.api.post('log-ui-error', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ errorCode: 'validationFailed' });
    });
  });
}
