// The platform's reports through the API, given the demo data: the platform administrator reads the platform
// report and login activity; staff without the admin module's report right, and a company's user, are
// refused; a login activity window of 8 days is refused; and the login activity as of a time before one more
// sign-in differs from the report after it by exactly that sign-in, and before a company's approval by exactly
// that company; forgetting a person changes no figure.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CompanyRegistrationInput, ReportReply, ReportRow } from '@binaan/contracts';
import { keepProfileForSubmission } from '../../support/company-profile.js';
import { Api } from '../../support/identity.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  TEGUH,
  startDocumentsApp,
  userIdOf,
  type Running,
} from '../documents/harness.js';

/** A buying company's registration, its numbers unique to the run. */
function registration(name: string): CompanyRegistrationInput {
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  return {
    name,
    displayName: name,
    companyType: 3,
    registrationNo: `${n}3-R`,
    registrationNoNew: `202101${n}`,
    companyCode: `R${n.slice(-4)}`,
    address: { line1: '7 Jalan Laporan', city: 'Shah Alam', postcode: '40000', state: 1, country: 'MY' },
    phone: '+60355001234',
    subscriptionType: 1,
  };
}

/** The suites' clock starts 2 March 2026 01:00 UTC, 09:00 in Kuala Lumpur: the window is that Malaysian day. */
const DAY = '2026-03-02';

describe.each(FEATURE_STORES)('the platform reports on %s', (kind) => {
  let running: Running;
  let admin: string, support: string, aminah: string;
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    admin = await running.signIn('admin@binaan.my', TEGUH);
    support = await running.signIn('support@binaan.my', TEGUH);
    aminah = await running.signIn('aminah@teguhbina.my', TEGUH);
  }, 300_000);
  afterAll(async () => running?.stop());

  const read = (report: string, query: string, token = admin) => running.api.call('get', `/api/reports/${report}?${query}`, { token });
  const rowOf = (reply: ReportReply, section: string, column: string, value: string): ReportRow | undefined =>
    reply.sections.find((s) => s.key === section)?.rows.find((row) => row[column] === value);

  it('given the platform administrator, then the platform report and login activity with their sections', async () => {
    const platform = await read('platform', `from=${DAY}&to=${DAY}`);
    expect(platform.status).toBe(200);
    expect((platform.body as ReportReply).sections.map((s) => s.key)).toEqual([
      'companiesByStatus',
      'subscriptionRevenue',
      'emailDelivery',
    ]);
    const logins = await read('loginActivity', `from=${DAY}&to=${DAY}`);
    expect(logins.status).toBe(200);
    expect((logins.body as ReportReply).sections.map((s) => s.key)).toEqual(['signIns', 'signInsByHour']);
    // The three sign-ins of this suite, by three accounts, at 09:00 in Kuala Lumpur.
    expect(rowOf(logins.body as ReportReply, 'signIns', 'day', DAY)).toEqual({ day: DAY, signIns: 3, failed: 0, refused: 0, accounts: 3 });
    expect(rowOf(logins.body as ReportReply, 'signInsByHour', 'hour', '09:00')).toEqual({
      hour: '09:00',
      signIns: 3,
      failed: 0,
      refused: 0,
    });
    const csv = await read('loginActivity', `from=${DAY}&to=${DAY}&format=csv&section=signIns`);
    expect([csv.status, csv.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/csv/)]);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['day,signIns,failed,refused,accounts', `${DAY},3,0,0,3`]);
  });

  it('given staff with the inquiry right only, then 403 adminRightMissing; given a company user, then 403', async () => {
    for (const report of ['platform', 'loginActivity']) {
      const refused = await read(report, `from=${DAY}&to=${DAY}`, support);
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'adminRightMissing']);
      const company = await read(report, `from=${DAY}&to=${DAY}`, aminah);
      expect([company.status, company.body.errorCode]).toEqual([403, 'noAccessRight']);
    }
  });

  it('given a login activity window of 8 days, then 422 reportRangeTooLong; 7 days are read', async () => {
    const long = await read('loginActivity', `from=2026-02-23&to=${DAY}`);
    expect([long.status, long.body.errorCode]).toEqual([422, 'reportRangeTooLong']);
    expect((await read('loginActivity', `from=2026-02-24&to=${DAY}`)).status).toBe(200);
  });

  it('as of a time before one more sign-in, the login activity differs from the report after it by exactly that sign-in', async () => {
    const before = (await read('loginActivity', `from=${DAY}&to=${DAY}`)).body as ReportReply;
    const then = running.clock.now.toISOString();
    running.clock.advance(60_000);
    await running.signIn('kumar@teguhbina.my', TEGUH);
    const after = (await read('loginActivity', `from=${DAY}&to=${DAY}`)).body as ReportReply;
    const asOf = (await read('loginActivity', `from=${DAY}&to=${DAY}&asOf=${encodeURIComponent(then)}`)).body as ReportReply;
    expect(asOf.sections).toEqual(before.sections);
    const day = rowOf(before, 'signIns', 'day', DAY)!;
    expect(rowOf(after, 'signIns', 'day', DAY)).toEqual({ ...day, signIns: Number(day.signIns) + 1, accounts: Number(day.accounts) + 1 });
    const hour = rowOf(before, 'signInsByHour', 'hour', '09:00')!;
    expect(rowOf(after, 'signInsByHour', 'hour', '09:00')).toEqual({ ...hour, signIns: Number(hour.signIns) + 1 });
    const changed = (reply: ReportReply) => reply.sections.flatMap((s) => s.rows.map((row) => JSON.stringify(row)));
    expect(changed(after).filter((row) => !changed(before).includes(row))).toHaveLength(2);
  });

  it('as of a time before a company is approved, the companies by status differ from the report after it by exactly that company', async () => {
    const made = await running.api.call('post', '/api/company/registrations', {
      token: aminah,
      body: registration('Laporan Jaya Sdn Bhd'),
    });
    expect(made.status).toBe(201);
    const companyId = made.body.id as string;
    const inCompany = await keepProfileForSubmission(new Api(running.app), aminah, companyId);
    expect((await running.api.call('post', `/api/company/registrations/${companyId}/actions/Submit`, { token: inCompany })).status).toBe(
      200,
    );
    running.clock.advance(60_000);
    const before = (await read('platform', `from=${DAY}&to=${DAY}`)).body as ReportReply;
    const then = running.clock.now.toISOString();
    running.clock.advance(60_000);
    expect((await running.api.call('post', `/api/company/registrations/${companyId}/actions/Approve`, { token: admin })).status).toBe(200);
    const after = (await read('platform', `from=${DAY}&to=${DAY}`)).body as ReportReply;
    const asOf = (await read('platform', `from=${DAY}&to=${DAY}&asOf=${encodeURIComponent(then)}`)).body as ReportReply;
    expect(asOf.sections).toEqual(before.sections);
    const total = (reply: ReportReply, status: string) => Number(rowOf(reply, 'companiesByStatus', 'status', status)!.total);
    expect([total(after, 'submitted'), total(after, 'approved')]).toEqual([total(before, 'submitted') - 1, total(before, 'approved') + 1]);
    expect([total(after, 'inProgress'), total(after, 'archived')]).toEqual([total(before, 'inProgress'), total(before, 'archived')]);
    expect(after.sections.find((s) => s.key === 'subscriptionRevenue')).toEqual(
      before.sections.find((s) => s.key === 'subscriptionRevenue'),
    );
    // The approval e-mails the company's one administrator: one more e-mail tried that day.
    const mails = (reply: ReportReply) => {
      const row = rowOf(reply, 'emailDelivery', 'day', DAY)!;
      return Number(row.sent) + Number(row.notSent);
    };
    expect(mails(after)).toBe(mails(before) + 1);
  });

  it('a forgotten person changes no figure: the last to sign in forgotten, both reports live and as of before read as they did', async () => {
    const then = running.clock.now.toISOString();
    running.clock.advance(60_000);
    const reports = async () =>
      Promise.all(
        ['platform', 'loginActivity'].flatMap((report) =>
          [`from=${DAY}&to=${DAY}`, `from=${DAY}&to=${DAY}&asOf=${encodeURIComponent(then)}`].map(
            async (query) => ((await read(report, query)).body as ReportReply).sections,
          ),
        ),
      );
    const before = await reports();
    const forgotten = await running.api.call('post', `/api/personal-data/users/${await userIdOf(running, 'kumar@teguhbina.my')}/forget`, {
      token: admin,
      body: { reason: 'Asked to be forgotten' },
    });
    expect(forgotten.status).toBe(200);
    expect(await reports()).toEqual(before);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
