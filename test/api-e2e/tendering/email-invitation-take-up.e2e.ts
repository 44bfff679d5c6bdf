// An e-mail invitation taken up on the server, on PGlite and on PostgreSQL, with the in-process
// SMTP server and the real sign-up (human check, SMS code from the outbox, PIN from the mail). Kumar
// (Teguh Bina) invites a company not on the platform by e-mail; Hana signs up from the link, so the sign-up
// carries invitation_id; her company is registered (out of this context: written as the admin side's events)
// and, the moment it is approved, the reactor takes the invitation up as the system: the tender is under
// Hana's received list and on Kumar's invitees with no browser step. A made-up id, a malformed one and an
// already-used one are harmless: the sign-up goes through, nothing is invited, a used one is recorded with
// its reason, and the public look-up tells the sign-up page which is which.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompanySubmissionStatus } from '@binaan/contracts';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { API_CONFIG } from '../../../apps/api/src/store/store.tokens.js';
import {
  EmailInvitationTakeUpReactor,
  TAKE_UP_ACTOR,
} from '../../../apps/api/src/tendering/email-invitations/email-invitation-take-up.reactor.js';
import {
  activationPin,
  Api,
  appendCompanyEvents,
  newPerson,
  seedCompany,
  signUpBody,
  verifyMobile,
  type IdentityContext,
  type Person,
} from '../../support/identity.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../support/smtp-server.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Reply,
  type Running,
  TENDERING_API as BASE,
} from '../documents/harness.js';

describe.each(FEATURE_STORES)('an e-mail invitation taken up when the company is approved, on %s', (kind) => {
  let running: Running | undefined;
  let smtp: TestSmtpServer | undefined;
  let ctx: IdentityContext;
  const r = () => running!;
  let kumar = '',
    tenderId = '',
    documentNo = '',
    invitationId = '';
  const hana = newPerson('hana');
  const idris = newPerson('idris');
  const chong = newPerson('chong');
  const userIds: Record<string, string> = {};

  const call = (method: 'get' | 'post', path: string, token?: string, body?: unknown) =>
    r().api.call(method, path, { ...(token ? { token } : {}), body });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const count = async (sql: string, params: unknown[] = []) => Number((await r().sql.query<{ n: string | number }>(sql, params))[0]!.n);
  const invitedEvents = () => count("SELECT count(*) AS n FROM events WHERE type = 'TenderSellerInvited'");

  /** The public sign-up with the link's id (the body as the sign-up page sends it); answers the new user's id. */
  async function signUpFromLink(person: Person, id: string | undefined): Promise<string> {
    await verifyMobile(ctx, person.mobile);
    const reply = await ctx.api.post('users/sign-up', { ...signUpBody(person), ...(id === undefined ? {} : { invitation_id: id }) });
    expect(reply.status).toBe(200);
    const [row] = await r().sql.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [
      person.email.toLowerCase(),
    ]);
    return row!.user_id;
  }

  /** A company registered with `userId` as its member and submitted (as the admin side writes it today). */
  async function submittedCompany(name: string, userId: string) {
    return seedCompany(ctx, {
      name,
      status: CompanySubmissionStatus.Submitted,
      isDemo: true,
      accessRights: ['tenderManagement.view', 'tenderManagement.update'],
      members: [{ userId }],
    });
  }

  /** The platform admin approves it: one event, as the company approval round records it; then the reactor's turn. */
  async function approve(companyId: string) {
    await appendCompanyEvents(ctx, companyId, [
      { type: 'CompanySubmissionStatusChanged', data: { status: CompanySubmissionStatus.Approved } },
    ]);
    await r().app.get(EmailInvitationTakeUpReactor).settled();
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    running = await startDocumentsApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://binaan.example', HUMAN_CHECK_MAX_NUMBER: '1000' });
    ctx = {
      app: r().app,
      api: new Api(r().app),
      store: r().store,
      clock: r().clock,
      dataDir: r().app.get<ApiConfig>(API_CONFIG).dataDir,
      smtp,
    };
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    documentNo = created.body.documentNo;
    const sent = await call('post', `${BASE}/tenders/${tenderId}/email-invitations`, kumar, {
      companyName: 'Hana Builders',
      email: 'tenders@hana-new.example',
    });
    expect(sent.status).toBe(201);
    invitationId = sent.body.invitationId;
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await smtp?.close();
  });

  it('the public look-up names the tender and the buyer for the link, 404 for an id that names nothing', async () => {
    const found = await call('get', `${BASE}/email-invitations/${invitationId}`);
    expect({ status: found.status, body: found.body }).toEqual({
      status: 200,
      body: expect.objectContaining({ tenderDocumentNo: documentNo, buyerName: 'Teguh Bina Sdn Bhd', state: 'open' }),
    });
    expect(JSON.stringify(found.body)).not.toContain('hana-new');
    expectRefused(await call('get', `${BASE}/email-invitations/${'Q'.repeat(22)}`), 404, 'tenderInvitationNotFound');
    expectRefused(await call('get', `${BASE}/email-invitations/short`), 404, 'tenderInvitationNotFound');
  });

  it('Hana signs up from the link: the sign-up records the id; nothing is invited while her company waits for approval', async () => {
    userIds.hana = await signUpFromLink(hana, invitationId);
    const [signedUp] = await r().store.readStream(`user-${userIds.hana}`, { toRevision: 0 });
    expect(signedUp!.data).toEqual(expect.objectContaining({ invitationId }));
    const pin = await activationPin(ctx, hana.email);
    expect((await ctx.api.post('users/activate-by-pin', { email: hana.email, pin })).status).toBe(200);
    const company = await submittedCompany('Hana Builders Sdn Bhd', userIds.hana);
    userIds.hanaCompany = company.companyId;
    await r().app.get(EmailInvitationTakeUpReactor).settled();
    expect(await invitedEvents()).toBe(0);
  });

  it('her company approved: the invitation is taken up by the system, caused by the approval, with no browser step', async () => {
    await approve(userIds.hanaCompany!);
    const login = await ctx.api.post('login', { email: hana.email, password: hana.password });
    expect(login.status).toBe(200);
    if (login.body.showEula === true) expect((await ctx.api.post('accept-eula', {}, { token: login.body.jwtToken })).status).toBe(200);
    const chosen = await call('get', `/api/company/choose/${userIds.hanaCompany}`, login.body.jwtToken);
    expect(chosen.status).toBe(200);
    const received = await call('get', `${BASE}/received`, chosen.body.jwtToken);
    expect(received.body).toEqual([expect.objectContaining({ id: tenderId, documentNo, buyerCompanyId: TEGUH })]);
    const invitees = await call('get', `${BASE}/tenders/${tenderId}/invitations`, kumar);
    expect(invitees.body.data.map((i: { sellerCompanyId: string; invitedByName: string }) => [i.sellerCompanyId, i.invitedByName])).toEqual(
      [[userIds.hanaCompany, hana.name]],
    );
    const [invited] = await r().store.readStream(`tenderInvitations-${tenderId}`);
    expect(invited!.data).toEqual(
      expect.objectContaining({ sellerCompanyId: userIds.hanaCompany, emailInvitationId: invitationId, by: userIds.hana }),
    );
    expect(invited!.metadata).toEqual(
      expect.objectContaining({
        actorUserId: TAKE_UP_ACTOR,
        actorCompanyId: userIds.hanaCompany,
        reason: expect.stringContaining('approved'),
      }),
    );
    expect(typeof invited!.metadata.causationId).toBe('string');
    // The look-up now says the link is used.
    expect((await call('get', `${BASE}/email-invitations/${invitationId}`)).body.state).toBe('used');
  });

  it('a made-up id and a malformed one do not stop a sign-up and invite nobody; nothing is recorded for them', async () => {
    userIds.idris = await signUpFromLink(idris, 'Z'.repeat(22));
    const malformed = newPerson('malformed');
    userIds.malformed = await signUpFromLink(malformed, 'not an id!');
    const [signedUp] = await r().store.readStream(`user-${userIds.malformed}`, { toRevision: 0 });
    expect(signedUp!.data).not.toHaveProperty('invitationId');
    const company = await submittedCompany('Idris Trading', userIds.idris);
    await approve(company.companyId);
    expect(await invitedEvents()).toBe(1);
    expect(await count("SELECT count(*) AS n FROM events WHERE type = 'TenderEmailInvitationNotTakenUp'")).toBe(0);
    expect(r().app.get(EmailInvitationTakeUpReactor).outcomes.at(-1)).toEqual(
      expect.objectContaining({ userId: userIds.idris, outcome: 'unknown' }),
    );
  });

  it('a used link carried by another company is harmless: not invited, recorded once with its reason', async () => {
    userIds.chong = await signUpFromLink(chong, invitationId);
    const company = await submittedCompany('Chong Supplies', userIds.chong);
    await approve(company.companyId);
    expect(await invitedEvents()).toBe(1);
    const events = await r().store.readStream(`tenderEmailInvitation-${invitationId}`);
    expect(events.map((e) => e.type)).toEqual(['TenderEmailInvitationSent', 'TenderEmailInvitationNotTakenUp']);
    expect(events[1]!.data).toEqual({
      tenderId,
      invitationId,
      sellerCompanyId: company.companyId,
      reason: 'tenderInvitationUsed',
      userId: userIds.chong,
    });
    expect(events[1]!.metadata).toEqual(expect.objectContaining({ actorUserId: TAKE_UP_ACTOR }));
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
