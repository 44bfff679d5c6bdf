// Requests no ui would send: broken JSON, wrong types, oversized bodies, odd tokens. Each is a 4xx with
// an error code, never a 500 or a stack trace.

import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { newPerson, seedUser, signIn } from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function malformedRequestSpecs(app: () => RunningApp): void {
  describe('malformed requests', () => {
    let ctx: RunningApp;
    let token = '';
    beforeAll(async () => {
      ctx = app();
      token = (await signIn(ctx, await seedUser(ctx, newPerson('odd')))).jwtToken;
    });

    it('given a body that is not JSON, then 400 validationFailed', async () => {
      const reply = await request(ctx.api.server).post('/api/login').set('content-type', 'application/json').send('{"email":');
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed' });
      expect(reply.text).not.toMatch(/\n\s+at /);
    });

    it('given a body over the size limit, then 413 with an error code', async () => {
      const reply = await request(ctx.api.server)
        .post('/api/log-ui-error')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ error: 'x', error_info: 'y'.repeat(200_000) }));
      expect(reply.status).toBe(413);
      expect(reply.body).toMatchObject({ success: false, errorCode: expect.any(String) });
    });

    it.each([
      ['login', { email: 123, password: ['x'] }],
      ['login', [1, 2]],
      ['pin-code-verification', { mobile_phone: '+60123456789', code: 123456, secret_key: {}, timestamp: 'soon' }],
      ['users/sign-up', { email: null, user_mobile: 60123456789, name: true, password: 1, confirmPassword: 1 }],
      ['users/activate-by-pin', { email: 'a@b.co', pin: { $ne: '' } }],
      ['users/reset-password', { email: 'a@b.co', token: ['x'], password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' }],
    ])('given %s with fields of the wrong type, then 400 validationFailed naming them', async (path, body) => {
      const reply = await ctx.api.post(path, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed', fields: expect.any(Object) });
    });

    it('given odd tokens (empty bearer, two t values), then 401 unauthorized', async () => {
      expect((await ctx.api.get('company/list', { headers: { Authorization: 'Bearer ' } })).body).toMatchObject({
        errorCode: 'unauthorized',
      });
      expect((await request(ctx.api.server).get('/api/company/list?t=a&t=b')).body).toMatchObject({ errorCode: 'unauthorized' });
    });

    it('given a company id of 5000 characters, then 403 noAccessRight', async () => {
      const reply = await ctx.api.get(`company/choose/${'x'.repeat(5000)}`, { token });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ errorCode: 'noAccessRight' });
    });
  });
}
