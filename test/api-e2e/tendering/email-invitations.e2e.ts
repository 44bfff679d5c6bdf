// E-mail invitations to a tender, on PGlite and on PostgreSQL, with the in-process SMTP server.
// Kumar (Teguh Bina) invites "Kukuh Jaya" by name and address; the mail arrives with a sign-up link carrying
// invitation_id; the address is sealed as personal data in the event. A user of a company not yet approved
// (Baru Consult, submitted) cannot take it up; Wong, once Kukuh Jaya is on the platform and approved, takes
// it up and Kukuh Jaya is invited exactly as from the directory (the buyer's invitees, Wong's received list);
// the link works once. Every refusal has its code and records nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '../../support/smtp-server.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Reply,
  type Running,
  KUKUH,
  TENDERING_API as BASE,
} from '../documents/harness.js';

const BARU = 'baru-consult';
const ADDRESS = 'tenders@kukuh-new.example';

describe.each(FEATURE_STORES)('e-mail invitations to a tender on %s', (kind) => {
  let running: Running | undefined;
  let smtp: TestSmtpServer | undefined;
  const r = () => running!;
  let kumar = '',
    farid = '',
    wong = '',
    nurul = '';
  let tenderId = '',
    invitationId = '';

  const call = (method: 'get' | 'post', path: string, token: string, body?: unknown) => r().api.call(method, path, { token, body });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const count = async (sql: string) => Number((await r().sql.query<{ n: string | number }>(sql))[0]!.n);
  const sent = () => count("SELECT count(*) AS n FROM events WHERE stream_type = 'tenderEmailInvitation'");
  const invitedEvents = () => count("SELECT count(*) AS n FROM events WHERE type = 'TenderSellerInvited'");

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    running = await startDocumentsApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://binaan.example' });
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    nurul = await r().signIn('nurul@baruconsult.my', BARU);
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await smtp?.close();
  });

  it('bad e-mail invitations are refused with their codes; nothing is recorded and no mail goes out', async () => {
    const path = `${BASE}/tenders/${tenderId}/email-invitations`;
    expectRefused(await call('post', path, kumar, {}), 400, 'validationFailed');
    const bad = await call('post', path, kumar, { companyName: ' ', email: 'not-an-address', cc: 'x' });
    expectRefused(bad, 400, 'validationFailed');
    expect(bad.body.fields).toEqual({ companyName: ['required'], email: ['emailInvalid'], cc: ['unknownField'] });
    expectRefused(await call('post', path, farid, { companyName: 'Kukuh', email: ADDRESS }), 403, 'noAuthority');
    expectRefused(await call('post', path, wong, { companyName: 'Kukuh', email: ADDRESS }), 404, 'tenderNotFound');
    expectRefused(
      await call('post', `${BASE}/tenders/00000000-0000-4000-8000-000000000000/email-invitations`, kumar, {
        companyName: 'Kukuh',
        email: ADDRESS,
      }),
      404,
      'tenderNotFound',
    );
    expect(await sent()).toBe(0);
    expect(smtp!.messages).toHaveLength(0);
  });

  it('kumar invites by name and address: the mail carries the sign-up link with invitation_id; the address is sealed in the event', async () => {
    const reply = await call('post', `${BASE}/tenders/${tenderId}/email-invitations`, kumar, {
      companyName: 'Kukuh Jaya (new)',
      email: ` ${ADDRESS.toUpperCase()} `,
    });
    expect(reply.status).toBe(201);
    invitationId = reply.body.invitationId;
    expect(invitationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const mail = await smtp!.waitFor(ADDRESS);
    expect(mail.subject).toContain('Invitation to tender');
    expect(mail.text).toContain(`https://binaan.example/auth/sign-up?invitation_id=${invitationId}`);
    expect(mail.text).toContain('Teguh Bina Sdn Bhd');
    // Stored sealed: the row's data holds no address, only the seal; the stream reads it back.
    const rows = await r().sql.query<{ data: unknown }>("SELECT data FROM events WHERE stream_type = 'tenderEmailInvitation'");
    expect(JSON.stringify(rows[0]!.data)).not.toContain('kukuh-new');
    expect(JSON.stringify(rows[0]!.data)).toContain('_sealed');
    const [event] = await r().store.readStream(`tenderEmailInvitation-${invitationId}`);
    expect(event!.data).toEqual(
      expect.objectContaining({ tenderId, invitationId, buyerCompanyId: TEGUH, companyName: 'Kukuh Jaya (new)', email: ADDRESS }),
    );
  });

  it('taking it up: an unknown id is 404, a company not yet approved 422, the buyer itself 422; nothing recorded', async () => {
    expectRefused(await call('post', `${BASE}/email-invitations/${'x'.repeat(22)}/accept`, wong), 404, 'tenderInvitationNotFound');
    expectRefused(await call('post', `${BASE}/email-invitations/short/accept`, wong), 404, 'tenderInvitationNotFound');
    expectRefused(await call('post', `${BASE}/email-invitations/${invitationId}/accept`, nurul), 422, 'unknownCounterparty');
    expectRefused(await call('post', `${BASE}/email-invitations/${invitationId}/accept`, kumar), 422, 'inviteeIsOwnCompany');
    expect(await invitedEvents()).toBe(0);
  });

  it('Wong takes it up: Kukuh Jaya is invited as from the directory, seen by the buyer and in its received list; a second use is 409', async () => {
    const accepted = await call('post', `${BASE}/email-invitations/${invitationId}/accept`, wong);
    expect({ status: accepted.status, body: accepted.body }).toEqual({
      status: 200,
      body: expect.objectContaining({ tenderId, sellerCompanyId: KUKUH }),
    });
    const invitees = await call('get', `${BASE}/tenders/${tenderId}/invitations`, kumar);
    expect(invitees.body.data.map((i: { sellerCompanyId: string; invitedByName: string }) => [i.sellerCompanyId, i.invitedByName])).toEqual(
      [[KUKUH, 'Wong Kah Seng']],
    );
    const received = await call('get', `${BASE}/received`, wong);
    expect(received.body).toEqual([expect.objectContaining({ id: tenderId, buyerCompanyId: TEGUH })]);
    expectRefused(await call('post', `${BASE}/email-invitations/${invitationId}/accept`, wong), 409, 'tenderInvitationUsed');
    expect(await invitedEvents()).toBe(1);
  });

  it('an invitation for a company already invited is 409 sellerAlreadyInvited when taken up', async () => {
    const again = await call('post', `${BASE}/tenders/${tenderId}/email-invitations`, kumar, {
      companyName: 'Kukuh again',
      email: ADDRESS,
    });
    expect(again.status).toBe(201);
    expectRefused(await call('post', `${BASE}/email-invitations/${again.body.invitationId}/accept`, wong), 409, 'sellerAlreadyInvited');
    expect(await invitedEvents()).toBe(1);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
