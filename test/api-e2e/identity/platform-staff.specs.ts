// The admin module's own rights (signed-in-area.md §6): every platform administrator holds all of them until
// a colleague with the user right sets theirs; a narrowed administrator is refused the pages of the rights
// taken away (adminRightMissing) and keeps the others; no one sets their own; each setting is an event.

import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_MODULE_RIGHTS } from '@binaan/contracts';
import { newPerson, seedUser, signIn, type SeededUser } from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function platformStaffSpecs(app: () => RunningApp): void {
  describe('the admin module rights of platform administrators', () => {
    let ctx: RunningApp;
    let lead: SeededUser;
    let helper: SeededUser;
    let leadToken = '';
    let helperToken = '';
    const setRights = (userId: string, body: object, token = leadToken) => ctx.api.put(`admin/staff/${userId}/rights`, body, { token });

    beforeAll(async () => {
      ctx = app();
      lead = await seedUser(ctx, newPerson('staff-lead'), { userType: 2 });
      helper = await seedUser(ctx, newPerson('staff-helper'), { userType: 2 });
      leadToken = (await signIn(ctx, lead)).jwtToken;
      helperToken = (await signIn(ctx, helper)).jwtToken;
    });

    it('given no rights set yet, then each administrator holds every admin module right, and the staff list says so', async () => {
      expect((await ctx.api.get('admin/staff/me', { token: helperToken })).body).toEqual({ rights: [...ADMIN_MODULE_RIGHTS] });
      const staff = (await ctx.api.get('admin/staff', { token: leadToken })).body as {
        userId: string;
        rights: string[];
        rightsSetAt: string | null;
      }[];
      expect(staff.find((s) => s.userId === helper.userId)).toMatchObject({ rights: [...ADMIN_MODULE_RIGHTS], rightsSetAt: null });
    });

    it('given a user who is not a platform administrator, then 403 noAccessRight', async () => {
      const user = await seedUser(ctx, newPerson('staff-outsider'));
      const token = (await signIn(ctx, user)).jwtToken;
      expect((await ctx.api.get('admin/staff/me', { token })).status).toBe(403);
      expect((await setRights(helper.userId, { rights: ['admin.inquiry'], reason: 'Not mine to give' }, token)).body).toMatchObject({
        errorCode: 'noAccessRight',
      });
    });

    it.each([
      ['no rights', { rights: [], reason: 'Nothing at all' }, 'rights'],
      ['an unknown right', { rights: ['admin.everything'], reason: 'Too much' }, 'rights'],
      ['no reason', { rights: ['admin.inquiry'] }, 'reason'],
    ])('given %s, then 400 validationFailed naming it', async (_case, body, field) => {
      const reply = await setRights(helper.userId, body);
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toHaveProperty([field]);
    });

    it('given their own rights, then 409 cannotChangeOwnRights; given a user who is not staff, then 404', async () => {
      expect((await setRights(lead.userId, { rights: ['admin.inquiry'], reason: 'Narrowing myself' })).body).toMatchObject({
        errorCode: 'cannotChangeOwnRights',
      });
      const user = await seedUser(ctx, newPerson('staff-not-staff'));
      expect((await setRights(user.userId, { rights: ['admin.inquiry'], reason: 'Not staff' })).status).toBe(404);
    });

    it("given the helper narrowed to inquiries, then the event says who and why, the inquiries answer and the users' pages refuse with adminRightMissing", async () => {
      const reply = await setRights(helper.userId, { rights: ['admin.inquiry'], reason: 'Answers the contact form only' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ userId: helper.userId, rights: ['admin.inquiry'], rightsSetAt: expect.any(String) });
      const [event] = await ctx.store.readStream(`platformstaff-${helper.userId}`);
      expect(event).toMatchObject({
        type: 'StaffRightsSet',
        data: { rights: ['admin.inquiry'], reason: 'Answers the contact form only' },
        metadata: { actorUserId: lead.userId },
      });
      expect((await ctx.api.get('admin/staff/me', { token: helperToken })).body).toEqual({ rights: ['admin.inquiry'] });
      expect((await ctx.api.get('admin/inquiries', { token: helperToken })).status).toBe(200);
      for (const refused of [
        await ctx.api.get('admin/email-log', { token: helperToken }),
        await ctx.api.post(`users/${lead.userId}/suspend`, { reason: 'Trying without the right' }, { token: helperToken }),
        await ctx.api.get('admin/staff', { token: helperToken }),
        await setRights(lead.userId, { rights: ['admin.inquiry'], reason: 'Turning the tables' }, helperToken),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ errorCode: 'adminRightMissing', right: 'admin.user' });
      }
    });

    it('then given every right back, the helper reads the e-mail log again', async () => {
      expect((await setRights(helper.userId, { rights: [...ADMIN_MODULE_RIGHTS], reason: 'Covers for the lead this month' })).status).toBe(
        200,
      );
      expect((await ctx.api.get('admin/email-log', { token: helperToken })).status).toBe(200);
      expect((await ctx.store.readStream(`platformstaff-${helper.userId}`)).length).toBe(2);
    });
  });
}
