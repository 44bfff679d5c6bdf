// The notifications suites' applications: the real app on PGlite or PostgreSQL with the demo accounts
// (documents harness), sign-in that keeps both tokens, a wait for the notifications reactor, and reads of
// who got what (from the API and from the read model).
import { expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { UserEventListReply } from '@binaan/contracts';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import type { Running } from '../documents/harness.js';

export type Tokens = { jwtToken: string; readOnlyJwtToken: string; userId: string };

/** Signs a demo user in and chooses the company; both tokens of the company session. */
export async function signInBoth(app: NestFastifyApplication, email: string, companyId: string): Promise<Tokens> {
  const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const chosen = await request(app.getHttpServer())
    .get(`/api/company/choose/${companyId}`)
    .set('authorization', `Bearer ${login.body.jwtToken}`);
  expect(chosen.status).toBe(200);
  const claims = JSON.parse(Buffer.from(String(chosen.body.jwtToken).split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { jwtToken: chosen.body.jwtToken, readOnlyJwtToken: chosen.body.readOnlyJwtToken, userId: claims.sub };
}

export const settled = (app: NestFastifyApplication) => app.get(NotificationReactor).settled();

export async function feed(running: Running, token: string, start = 0, length = 5): Promise<UserEventListReply> {
  const reply = await running.api.call('get', `/api/application/user-event-list?start=${start}&length=${length}`, { token });
  expect(reply.status).toBe(200);
  return reply.body as UserEventListReply;
}

/** Who got a notification from this source (a document id), by e-mail, with how many each. */
export async function recipientsOf(running: Running, srcId: string): Promise<Record<string, number>> {
  const rows = await running.sql.query<{ email: string; n: string | number }>(
    `SELECT u.email, COUNT(*) AS n FROM notification_events e JOIN identity_users u ON u.user_id = e.user_id WHERE e.src_id = $1 GROUP BY u.email ORDER BY u.email`,
    [srcId],
  );
  return Object.fromEntries(rows.map((row) => [row.email, Number(row.n)]));
}
