// §9 tender invitations per package tier, on PGlite and PostgreSQL. Kukuh Jaya (tier
// "subcontractor": not a package, so basic, 100 a year) tenders as a buyer: Wong takes level 10 on tender and
// makes a tender. Its year's earlier invitations are grown in the read model (79 rows, as the list benches
// grow theirs: the count reads only that table). At 79 no warning; one invitation more -> 80, the warning
// in the reply and in GET /invitation-allowance. Grown to 99: inviting two is refused (409
// tenderInvitationLimitReached, the limit and what is left in the reply, nothing recorded), one is invited;
// at 100 an e-mail invitation cannot be taken up (the same 409). Teguh Bina (elite) has no limit: 1,000
// rows grown, it still invites. A year later Kukuh Jaya's count starts again; with one place left, two
// batches sent at once on two tenders record one invitation, not two.
import { SubscriptionStanding } from '../../../apps/api/src/subscriptions/subscription-standing.service.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InvitationAllowanceService } from '../../../apps/api/src/tendering/allowance/invitation-allowance.service.js';
import { PlatformConfiguration } from '../../../apps/api/src/platform-configuration/platform-configuration.service.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  userIdOf,
  type Reply,
  type Running,
  KUKUH,
  SERI,
  TENDERING_API as BASE,
} from '../documents/harness.js';

const DAY = 86_400_000;

describe.each(FEATURE_STORES)('§9 tender invitations per package tier on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let wong = '',
    kumar = '',
    hafiz = '';
  let kukuhTender = '',
    teguhTender = '';

  const call = (method: 'get' | 'post', path: string, token: string, body?: unknown) => r().api.call(method, path, { token, body });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const invitedEvents = async () =>
    Number((await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE type = 'TenderSellerInvited'"))[0]!.n);
  let grown = 0;
  /** Earlier invitations of `buyer` this year, straight into the read model (tenders and sellers made up). */
  const grow = async (buyer: string, rows: number) => {
    for (let i = 0; i < rows; i++) {
      grown += 1;
      await r().sql.query(
        'INSERT INTO tender_invitations (tender_id, seller_company_id, buyer_company_id, invitation_id, invited_at, invited_by) VALUES ($1, $2, $3, $4, $5, $6)',
        [`grown-${grown}`, 'grown-seller', buyer, `grown-${grown}`, r().clock.now.toISOString(), 'grown'],
      );
    }
  };
  const allowance = async (token: string) => {
    const reply = await call('get', `${BASE}/invitation-allowance`, token);
    expect(reply.status).toBe(200);
    return reply.body as {
      tier: string;
      limit: number | null;
      used: number;
      remaining: number | null;
      warning: boolean;
      periodStart: string;
      periodEnd: string;
    };
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
    // Wong, Kukuh Jaya's administrator, takes create/propose on tender to tender as a buyer.
    expect(
      (
        await call('post', '/api/company-workflow/assignments', wong, {
          code: 'tender',
          user_id: await userIdOf(r(), 'wong@kukuhcontractor.my'),
          workflow_level: 10,
        })
      ).status,
    ).toBe(200);
    const created = await call('post', '/api/documents/tender', wong, tenderBody(r().clock.now));
    expect(created.status).toBe(201);
    kukuhTender = created.body.id;
    const teguh = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now));
    expect(teguh.status).toBe(201);
    teguhTender = teguh.body.id;
  }, 300_000);
  afterAll(async () => running?.stop());

  it('a basic company at 79: no warning; one more invitation makes 80 of 100, and the reply and the allowance warn', async () => {
    await grow(KUKUH, 79);
    const before = await allowance(wong);
    expect(before).toMatchObject({ tier: 'basic', limit: 100, used: 79, remaining: 21, warning: false });
    // The year is the company's from its approval day, midnight in Malaysia (16:00 UTC), one year long.
    expect(before.periodStart).toMatch(/T16:00:00\.000Z$/);
    expect(
      new Date(before.periodStart).getTime() <= r().clock.now.getTime() && r().clock.now.getTime() < new Date(before.periodEnd).getTime(),
    ).toBe(true);
    const invited = await call('post', `${BASE}/tenders/${kukuhTender}/invitations`, wong, { companyIds: [MUTIARA] });
    expect(invited.status).toBe(201);
    expect(invited.body.allowance).toMatchObject({ limit: 100, used: 80, remaining: 20, warning: true });
    expect(await allowance(wong)).toMatchObject({ used: 80, remaining: 20, warning: true });
  });

  it('at 99: inviting two is refused with the limit and what is left, nothing recorded; one is invited (100 of 100)', async () => {
    await grow(KUKUH, 19);
    expect(await allowance(wong)).toMatchObject({ used: 99, remaining: 1 });
    const events = await invitedEvents();
    const refused = await call('post', `${BASE}/tenders/${kukuhTender}/invitations`, wong, { companyIds: [TEGUH, SERI] });
    expectRefused(refused, 409, 'tenderInvitationLimitReached');
    expect(refused.body).toMatchObject({ limit: 100, used: 99, remaining: 1, requested: 2, tier: 'basic' });
    expect(await invitedEvents()).toBe(events);
    const one = await call('post', `${BASE}/tenders/${kukuhTender}/invitations`, wong, { companyIds: [SERI] });
    expect(one.status).toBe(201);
    expect(one.body.allowance).toMatchObject({ used: 100, remaining: 0, warning: true });
    expect(await invitedEvents()).toBe(events + 1);
  });

  it('at 100: an e-mail invitation can be sent but not taken up (409, nothing recorded)', async () => {
    const sent = await call('post', `${BASE}/tenders/${kukuhTender}/email-invitations`, wong, {
      companyName: 'Teguh Bina',
      email: 'tenders@teguh.example',
    });
    expect(sent.status).toBe(201);
    const events = await invitedEvents();
    const taken = await call('post', `${BASE}/email-invitations/${sent.body.invitationId}/accept`, kumar);
    expectRefused(taken, 409, 'tenderInvitationLimitReached');
    expect(taken.body).toMatchObject({ limit: 100, used: 100, remaining: 0, requested: 1 });
    expect(await invitedEvents()).toBe(events);
  });

  it('elite has no limit: 1,000 this year, Teguh Bina still invites; no warning', async () => {
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
    await grow(TEGUH, 1000);
    const elite = await allowance(kumar);
    expect(elite).toMatchObject({ tier: 'elite', limit: null, remaining: null, warning: false });
    expect(elite.used).toBeGreaterThanOrEqual(1000);
    const invited = await call('post', `${BASE}/tenders/${teguhTender}/invitations`, kumar, { companyIds: [MUTIARA] });
    expect(invited.status).toBe(201);
    expect(invited.body.allowance).toMatchObject({ tier: 'elite', limit: null, used: elite.used + 1, warning: false });
    // Seri Hartanah (advanced): 1,000 a year.
    expect(await allowance(hafiz)).toMatchObject({ tier: 'advanced', limit: 1000 });
  });

  it('a year later (366 days) the count starts again at the anniversary', async () => {
    const old = await allowance(wong);
    r().clock.advance(366 * DAY);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    const now = await allowance(wong);
    expect(now).toMatchObject({ tier: 'basic', limit: 100, used: 0, remaining: 100, warning: false, periodStart: old.periodEnd });
  });

  it('one place left and two batches on two tenders at the same instant: one is recorded, the other refused', async () => {
    await grow(KUKUH, 99);
    const tenders = await Promise.all(
      [0, 1].map(async () => {
        const created = await call('post', '/api/documents/tender', wong, tenderBody(r().clock.now));
        expect(created.status).toBe(201);
        return created.body.id as string;
      }),
    );
    const events = await invitedEvents();
    const replies = await Promise.all([
      call('post', `${BASE}/tenders/${tenders[0]}/invitations`, wong, { companyIds: [MUTIARA] }),
      call('post', `${BASE}/tenders/${tenders[1]}/invitations`, wong, { companyIds: [SERI] }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body).toMatchObject({
      errorCode: 'tenderInvitationLimitReached',
      used: 100,
      remaining: 0,
    });
    expect(await invitedEvents()).toBe(events + 1);
    expect(await allowance(wong)).toMatchObject({ used: 100, remaining: 0 });
  });

  // Two API processes share no queue: on PostgreSQL the advisory lock is what keeps them apart. Two
  // services made here stand for them (PGlite is one process's database, so there is no second).
  if (kind === 'postgres') {
    it('on PostgreSQL two processes with one place left record one batch: the lock holds the turn until the append is committed', async () => {
      r().clock.advance(366 * DAY);
      wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
      await grow(KUKUH, 99);
      const processes = [0, 1].map(
        () =>
          new InvitationAllowanceService(
            r().sql,
            () => r().clock.now,
            r().app.get(PlatformConfiguration),
            new SubscriptionStanding(r().sql, () => r().clock.now),
          ),
      );
      const recorded: number[] = [];
      const outcomes = await Promise.allSettled(
        processes.map((service, index) =>
          service.withinAllowance(KUKUH, 1, async () => {
            // A slow append: the other process's count must wait for it, not read 99 meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 100));
            await grow(KUKUH, 1);
            recorded.push(index);
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(recorded).toHaveLength(1);
      expect(await allowance(wong)).toMatchObject({ used: 100, remaining: 0 });
    });
  }

  itAnsweredEveryCallWithoutAServerError(() => running);
});
