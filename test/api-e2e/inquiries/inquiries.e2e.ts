// Inquiries from the landing page's contact form, end to end on the real app (real SMTP, human checks solved
// for real): the public sends one after the human check and gets an acknowledgement in their language; a
// bad form is refused field by field and keeps nothing; platform administrators list, read and close,
// cancel (with a remark) or reopen it through the inquiry machine; no one else reads them.

import { FEATURE_STORES } from '../documents/harness.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { InquiryRow } from '@binaan/contracts';
import { newPerson, seedUser, signIn } from '../../support/identity.js';
import { solveHumanCheck } from '../../support/human-check.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

describe.each(FEATURE_STORES)('inquiries from the contact form on %s', (kind) => {
  let ctx: RunningApp | undefined;
  let adminToken = '';
  let userToken = '';
  let inquiryId = '';
  const sender = {
    name: 'Nor Aini',
    email: `aini.${Date.now().toString(36)}@example.my`,
    phone: '012-3456789',
    companyName: 'Aini Tiles Trading',
    subject: 'Listing our tiles',
    message: 'We supply porcelain tiles in the Klang Valley. How do we join?',
  };
  const token = () => solveHumanCheck(request(ctx!.api.server));
  const send = async (body: object) => ctx!.api.post('inquiries', { ...body, response_token: await token() });
  const act = (id: string, action: string, body: object = {}, as = adminToken) =>
    ctx!.api.post(`admin/inquiries/${id}/actions/${action}`, body, { token: as });

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    adminToken = (await signIn(ctx, await seedUser(ctx, newPerson('inquiry-admin'), { userType: 2 }))).jwtToken;
    userToken = (await signIn(ctx, await seedUser(ctx, newPerson('inquiry-user')))).jwtToken;
  }, 300_000);
  afterAll(() => ctx?.stop());

  it('given a form without its human check, then 400 humanCheckFailed and nothing is kept', async () => {
    const reply = await ctx!.api.post('inquiries', { ...sender, response_token: 'not-a-solution' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, errorCode: 'humanCheckFailed' });
    expect(
      (await ctx!.api.get('admin/inquiries', { token: adminToken, query: { filter: JSON.stringify({ q: sender.email }) } })).body,
    ).toEqual([]);
  });

  it('given missing and malformed fields, then 400 validationFailed naming each', async () => {
    const reply = await send({ name: '', email: 'not-an-address', subject: 'x'.repeat(201), message: 'short', phone: 'call me' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed' });
    expect(Object.keys(reply.body.fields as object).sort()).toEqual(['email', 'message', 'name', 'phone', 'subject']);
  });

  it('given a complete form, then 201 with its id, and the sender is acknowledged by e-mail in their language', async () => {
    const reply = await send({ ...sender, language: 'ms' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, inquiryId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    inquiryId = reply.body.inquiryId as string;
    const mail = await ctx!.smtp.waitFor(sender.email);
    expect(mail.subject).toBe('Kami telah menerima mesej anda');
    expect(mail.text).toContain(sender.subject);
  });

  it('given anyone but a platform administrator, then the list, the inquiry and its actions are 403 (401 without a session)', async () => {
    for (const reply of [
      await ctx!.api.get('admin/inquiries', { token: userToken }),
      await ctx!.api.get(`admin/inquiries/${inquiryId}`, { token: userToken }),
      await act(inquiryId, 'Close', {}, userToken),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ errorCode: 'noAccessRight' });
    }
    expect((await ctx!.api.get('admin/inquiries')).status).toBe(401);
  });

  it('then the platform administrator finds it, new, with what the sender wrote', async () => {
    const reply = await ctx!.api.get('admin/inquiries', {
      token: adminToken,
      query: { filter: JSON.stringify({ status: 'new', q: 'aini tiles' }) },
    });
    expect(reply.status).toBe(200);
    const rows = reply.body as InquiryRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: inquiryId, status: 'new', ...sender, language: 'ms', lastRemark: null });
    expect(reply.headers['content-range']).toBe('inquiries 0-0/1');
    const bad = await ctx!.api.get('admin/inquiries', { token: adminToken, query: { filter: JSON.stringify({ status: 'open' }) } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['filter.status']);
  });

  it('given a cancellation without a remark, an unknown action, or an unknown inquiry, then 422, 404 and 404; nothing changes', async () => {
    const noRemark = await act(inquiryId, 'Cancel');
    expect(noRemark.status).toBe(422);
    expect(noRemark.body).toMatchObject({ errorCode: 'remarkRequired' });
    expect((await act(inquiryId, 'Archive')).status).toBe(404);
    expect((await act('00000000-0000-4000-8000-000000000000', 'Close')).status).toBe(404);
    expect((await ctx!.api.get('admin/inquiries/not-an-id', { token: adminToken })).status).toBe(404);
    expect((await ctx!.store.readStream(`inquiry-${inquiryId}`)).length).toBe(1);
  });

  it('then closed, reopened and cancelled with a remark, each step recorded with who and when; a cancelled one takes no more actions', async () => {
    expect((await act(inquiryId, 'Close')).body).toMatchObject({ status: 'close' });
    expect((await act(inquiryId, 'Close')).status).toBe(409);
    expect((await act(inquiryId, 'Reopen')).body).toMatchObject({ status: 'new' });
    expect((await act(inquiryId, 'Cancel', { remark: 'Sent twice; answered in the other' })).body).toMatchObject({
      status: 'cancel',
      lastRemark: 'Sent twice; answered in the other',
    });
    expect((await act(inquiryId, 'Reopen')).status).toBe(409);
    const detail = await ctx!.api.get(`admin/inquiries/${inquiryId}`, { token: adminToken });
    expect(detail.status).toBe(200);
    expect(
      (detail.body.history as { event: string; status: string; actorUserId: string; remark: string | null }[]).map((h) => [
        h.event,
        h.status,
        h.remark,
      ]),
    ).toEqual([
      ['Create', 'new', null],
      ['Close', 'close', null],
      ['Reopen', 'new', null],
      ['Cancel', 'cancel', 'Sent twice; answered in the other'],
    ]);
    expect((detail.body.history as { actorUserId: string }[])[0]!.actorUserId).toBe('system');
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
