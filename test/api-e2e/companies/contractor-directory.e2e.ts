// The public contractor directory through the API alone, on PGlite and on PostgreSQL: companies registered,
// submitted and approved as in use; their administrators list them (or not) with a reason; anyone finds the
// approved, listed ones by trade, state and name, page after page, and nothing personal. A company not approved
// or not listed is never found; the switch needs the company administrator's right; bad parameters are 400.

import { FEATURE_STORES } from '../documents/harness.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CompanyRegistrationInput } from '@binaan/contracts';
import { keepProfileForSubmission } from '../../support/company-profile.js';
import { newPerson, seedUser, signIn, type SeededUser } from '../../support/identity.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

type Entry = { id: string; name: string; trades: string[]; state: number; town: string; cidbGrade: number | null; website: string | null };
type Page = { items: Entry[]; next: string | null };

let serial = 0;
function registration(name: string, overrides: Partial<CompanyRegistrationInput>): CompanyRegistrationInput {
  serial += 1;
  const n = String((Date.now() % 100_000) * 10 + serial).padStart(6, '0');
  return {
    name,
    displayName: name.replace(/ Sdn Bhd$/, ''),
    companyType: 3,
    registrationNo: `${n}1-D`,
    registrationNoNew: `202201${n}`,
    companyCode: `D${n.slice(-4)}`,
    address: { line1: '8 Jalan Kontraktor', city: 'Shah Alam', postcode: '40000', state: 1, country: 'MY' },
    phone: '+60355109876',
    subscriptionType: 1,
    ...overrides,
  };
}
const cidb = (grade: number, specialisations: number[]) => ({
  subscriptionType: 14,
  cidbGrade: grade,
  cidbSpecialisations: specialisations,
});
const at = (city: string, state: number) => ({
  address: { line1: '1 Jalan Utama', city, postcode: '50000', state, country: 'MY' as const },
});

describe.each(FEATURE_STORES)('the public contractor directory on %s', (kind) => {
  let ctx: RunningApp | undefined;
  let founder: SeededUser;
  let viewer: SeededUser;
  let outsider: SeededUser;
  let admin: SeededUser;
  let founderToken = '';
  const ids: Record<string, string> = {};
  const api = () => ctx!.api;

  const directory = async (query: Record<string, string> = {}): Promise<Page> => {
    const reply = await api().get('public/contractors', { query });
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: 200 });
    return reply.body as Page;
  };
  const names = async (query: Record<string, string> = {}) => (await directory(query)).items.map((entry) => entry.name);
  /** The founder's session in one of their companies (choosing ends the session before). */
  const asFounderIn = async (key: string) => {
    const chosen = await api().get(`company/choose/${ids[key]}`, { token: founderToken });
    expect(chosen.status).toBe(200);
    founderToken = chosen.body.jwtToken as string;
    return chosen.body as { jwtToken: string; readOnlyJwtToken: string };
  };
  const setListing = async (key: string, body: object) =>
    api().put('company/directory-listing', body, { token: (await asFounderIn(key)).jwtToken });
  const listingEvents = async (key: string) =>
    (await ctx!.store.readStream(`company-${ids[key]}`)).filter((event) => event.type === 'CompanyDirectoryListingChanged');

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    admin = await seedUser(ctx, newPerson('platform'), { userType: 2 });
    founder = await seedUser(ctx, newPerson('founder'));
    viewer = await seedUser(ctx, newPerson('viewer'));
    outsider = await seedUser(ctx, newPerson('outsider'));
    founderToken = (await signIn(ctx, founder)).jwtToken;
    const adminToken = (await signIn(ctx, admin)).jwtToken;
    const companies: [string, string, Partial<CompanyRegistrationInput>, boolean][] = [
      ['anggun', 'Anggun Bina Sdn Bhd', { ...cidb(3, [1]), website: 'https://anggun.example' }, true],
      ['bintang', 'Bintang Elektrik Sdn Bhd', { ...cidb(4, [3, 1]), ...at('Johor Bahru', 5) }, true],
      ['cekap', 'Cekap Bekalan Sdn Bhd', { subscriptionType: 2 }, true],
      ['delima', 'Delima Jurutera Sdn Bhd', { subscriptionType: 6, ...at('George Town', 3) }, true],
      ['erat', 'Erat Binaan Sdn Bhd', cidb(2, [1]), true],
      ['fajar', 'Fajar Kontraktor Sdn Bhd', cidb(1, [1]), false],
      ['gemilang', 'Gemilang Trading Sdn Bhd', { subscriptionType: 3, ...at('Alor Setar', 13) }, true],
      ['harapan', 'Harapan Pembeli Sdn Bhd', { subscriptionType: 1 }, true],
      ['indah', 'Indah Sivil Sdn Bhd', cidb(7, [2]), true],
    ];
    for (const [key, name, overrides, approve] of companies) {
      const made = await ctx.api.post('company/registrations', registration(name, overrides), { token: founderToken });
      if (made.status !== 201) throw new Error(`registering ${name}: ${made.status} ${made.text}`);
      ids[key] = made.body.id as string;
      founderToken = await keepProfileForSubmission(ctx.api, founderToken, ids[key]);
      expect((await ctx.api.post(`company/registrations/${ids[key]}/actions/Submit`, {}, { token: founderToken })).status).toBe(200);
      if (approve)
        expect((await ctx.api.post(`company/registrations/${ids[key]}/actions/Approve`, {}, { token: adminToken })).status).toBe(200);
    }
  }, 300_000);
  afterAll(() => ctx?.stop());

  it('given approved companies that have not chosen to be listed, then the directory is empty', async () => {
    expect(await directory()).toEqual({ items: [], next: null });
  });

  it('when their administrator lists a company, then the event records the choice, who made it and why', async () => {
    const reply = await setListing('anggun', { listed: true, reason: 'Buyers in Selangor should find us.' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      listed: true,
      shown: true,
      approved: true,
      trades: ['building'],
      changedBy: founder.name,
      reason: 'Buyers in Selangor should find us.',
    });
    const [event, ...more] = await listingEvents('anggun');
    expect(more).toEqual([]);
    expect(event!.data).toEqual({ listed: true, reason: 'Buyers in Selangor should find us.' });
    expect(event!.metadata.actorUserId).toBe(founder.userId);
    expect(Date.parse(event!.metadata.recordedAt)).not.toBeNaN();
    const view = await api().get('company/directory-listing', { token: founderToken });
    expect(view.body).toMatchObject({
      listed: true,
      changedBy: founder.name,
      changedAt: event!.metadata.recordedAt,
      reason: 'Buyers in Selangor should find us.',
    });
  });

  it('when the same choice is sent again, then nothing more is recorded', async () => {
    expect((await setListing('anggun', { listed: true, reason: 'Again.' })).status).toBe(200);
    expect(await listingEvents('anggun')).toHaveLength(1);
  });

  it('when a company offering no trade (a buyer) asks to be listed, then 422 noDirectoryTrade and nothing is recorded', async () => {
    const reply = await setListing('harapan', { listed: true, reason: 'We buy.' });
    expect([reply.status, reply.body.errorCode]).toEqual([422, 'noDirectoryTrade']);
    expect(await listingEvents('harapan')).toEqual([]);
  });

  it('when the listing is sent without a yes or no, or without a reason, then 400 names the field', async () => {
    for (const [body, field] of [
      [{ listed: 'yes', reason: 'x' }, 'listed'],
      [{ listed: true }, 'reason'],
      [{ listed: true, reason: '   ' }, 'reason'],
      [{ listed: true, reason: 'r'.repeat(501) }, 'reason'],
    ] as const) {
      const reply = await setListing('bintang', body);
      expect([reply.status, reply.body.errorCode, Object.keys(reply.body.fields ?? {})]).toEqual([400, 'validationFailed', [field]]);
    }
    expect(await listingEvents('bintang')).toEqual([]);
  });

  it('given the other companies listed, including one not approved, then only the approved and listed are found, by name, with public fields only', async () => {
    for (const key of ['bintang', 'cekap', 'delima', 'fajar', 'gemilang', 'indah'])
      expect((await setListing(key, { listed: true, reason: `listing ${key}` })).status).toBe(200);
    const fajar = await api().get('company/directory-listing', { token: (await asFounderIn('fajar')).jwtToken });
    expect(fajar.body).toMatchObject({ listed: true, approved: false, shown: false });
    const page = await directory();
    expect(page.items.map((entry) => entry.name)).toEqual([
      'Anggun Bina Sdn Bhd',
      'Bintang Elektrik Sdn Bhd',
      'Cekap Bekalan Sdn Bhd',
      'Delima Jurutera Sdn Bhd',
      'Gemilang Trading Sdn Bhd',
      'Indah Sivil Sdn Bhd',
    ]);
    expect(page.next).toBeNull();
    expect(page.items[0]).toEqual({
      id: ids.anggun,
      name: 'Anggun Bina Sdn Bhd',
      trades: ['building'],
      state: 1,
      town: 'Shah Alam',
      cidbGrade: 3,
      website: 'https://anggun.example',
    });
    expect(page.items[1]).toEqual({
      id: ids.bintang,
      name: 'Bintang Elektrik Sdn Bhd',
      trades: ['building', 'mechanicalElectrical'],
      state: 5,
      town: 'Johor Bahru',
      cidbGrade: 4,
      website: null,
    });
    expect(page.items[2]).toMatchObject({ name: 'Cekap Bekalan Sdn Bhd', trades: ['supply'], cidbGrade: null });
    // Only the public fields, and no personal value under any of them (compared whole: a UUID may hold "40000").
    const publicFields = ['id', 'name', 'trades', 'state', 'town', 'cidbGrade', 'website'];
    for (const item of page.items) expect(Object.keys(item).filter((key) => !publicFields.includes(key))).toEqual([]);
    const values = page.items.flatMap((item) => Object.values(item).flat().map(String));
    for (const personal of [founder.name, founder.email, founder.mobile, '+60355109876', '8 Jalan Kontraktor', '40000'])
      expect(values).not.toContain(personal);
  });

  it('filters by trade, by state, by both, and by a part of the name', async () => {
    expect(await names({ trade: 'building' })).toEqual(['Anggun Bina Sdn Bhd', 'Bintang Elektrik Sdn Bhd']);
    expect(await names({ trade: 'supply' })).toEqual(['Cekap Bekalan Sdn Bhd', 'Gemilang Trading Sdn Bhd']);
    expect(await names({ trade: 'consultancy' })).toEqual(['Delima Jurutera Sdn Bhd']);
    expect(await names({ trade: 'civilEngineering' })).toEqual(['Indah Sivil Sdn Bhd']);
    expect(await names({ trade: 'facilityManagement' })).toEqual([]);
    expect(await names({ state: '1' })).toEqual(['Anggun Bina Sdn Bhd', 'Cekap Bekalan Sdn Bhd', 'Indah Sivil Sdn Bhd']);
    expect(await names({ trade: 'building', state: '5' })).toEqual(['Bintang Elektrik Sdn Bhd']);
    expect(await names({ trade: 'building', state: '1' })).toEqual(['Anggun Bina Sdn Bhd']);
    expect(await names({ state: '11' })).toEqual([]);
    expect(await names({ q: 'ELEKTRIK' })).toEqual(['Bintang Elektrik Sdn Bhd']);
    expect(await names({ q: 'in', trade: 'supply' })).toEqual(['Gemilang Trading Sdn Bhd']);
    expect(await names({ q: '%' })).toEqual([]);
    // Empty parameters are as if not given (a form sends them so).
    expect(await names({ trade: '', state: '', q: '' })).toHaveLength(6);
  });

  it('pages by keyset: every company once, in order, the last page says there is no next', async () => {
    for (const [query, expected] of [
      [{}, 6],
      [{ trade: 'building' }, 2],
      [{ state: '1' }, 3],
    ] as const) {
      for (const limit of [1, 2, 3, 4]) {
        const seen: string[] = [];
        let after: string | null = null;
        let pages = 0;
        do {
          const page: Page = await directory({ ...query, limit: String(limit), ...(after ? { after } : {}) });
          expect(page.items.length).toBeLessThanOrEqual(limit);
          if (page.next) expect(page.items).toHaveLength(limit);
          seen.push(...page.items.map((entry) => entry.id));
          after = page.next;
          pages += 1;
        } while (after && pages < 10);
        expect({ query, limit, pages }).toEqual({ query, limit, pages: Math.ceil(expected / limit) });
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual((await directory(query)).items.map((entry) => entry.id));
      }
    }
  });

  it('when a company is taken off, then it is no longer found; when a listed company is approved, then it is', async () => {
    const off = await setListing('gemilang', { listed: false, reason: 'Fully booked this year.' });
    expect(off.body).toMatchObject({ listed: false, shown: false, reason: 'Fully booked this year.', changedBy: founder.name });
    expect((await listingEvents('gemilang')).map((event) => event.data)).toEqual([
      { listed: true, reason: 'listing gemilang' },
      { listed: false, reason: 'Fully booked this year.' },
    ]);
    expect(await names({ trade: 'supply' })).toEqual(['Cekap Bekalan Sdn Bhd']);
    const adminToken = (await signIn(ctx!, admin)).jwtToken;
    expect((await api().post(`company/registrations/${ids.fajar}/actions/Approve`, {}, { token: adminToken })).status).toBe(200);
    expect(await names({ trade: 'building' })).toEqual(['Anggun Bina Sdn Bhd', 'Bintang Elektrik Sdn Bhd', 'Fajar Kontraktor Sdn Bhd']);
    expect(await names()).not.toContain('Erat Binaan Sdn Bhd');
  });

  it('answers 400 validationFailed naming the parameter for anything the directory does not offer, never a 500', async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: [string, string][] = [
      ['trade=plumbing', 'trade'],
      ['trade=building&trade=supply', 'trade'],
      ['state=99', 'state'],
      ['state=1.5', 'state'],
      ['state=selangor', 'state'],
      ['state=-1', 'state'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1e1', 'limit'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['after=not a cursor', 'after'],
      [`after=${cursorOf({ key: 'a' })}`, 'after'],
      [`after=${cursorOf(['a', 7])}`, 'after'],
      ['after=%00', 'after'],
    ];
    for (const [query, field] of cases) {
      const reply = await api().get(`public/contractors?${query.replace(/ /g, '%20')}`);
      expect({ query, status: reply.status, errorCode: reply.body.errorCode, fields: Object.keys(reply.body.fields ?? {}) }).toEqual({
        query,
        status: 400,
        errorCode: 'validationFailed',
        fields: [field],
      });
    }
  });

  it("needs the company administrator's right to change the listing: 401 without a session, 403 without a company, with a read-only token, or without the right", async () => {
    expect((await api().put('company/directory-listing', { listed: false, reason: 'x' })).status).toBe(401);
    const fresh = (await signIn(ctx!, outsider)).jwtToken;
    const noCompany = await api().put('company/directory-listing', { listed: false, reason: 'x' }, { token: fresh });
    expect([noCompany.status, noCompany.body.errorCode]).toEqual([403, 'companyNotChosen']);
    const tokens = await asFounderIn('anggun');
    const readOnly = await api().put('company/directory-listing', { listed: false, reason: 'x' }, { token: tokens.readOnlyJwtToken });
    expect([readOnly.status, readOnly.body.errorCode]).toEqual([403, 'readOnlyToken']);
    // A colleague who may see the company's profile but not change it.
    const role = await api().post(
      'company/roles',
      { name: 'Profile reader', accessRights: ['administration.companyProfile.view'] },
      { token: tokens.jwtToken },
    );
    expect(role.status).toBe(201);
    const invite = await api().post(
      'company/users/invite',
      { email: viewer.email, name: viewer.name, roleIds: [role.body.id] },
      { token: tokens.jwtToken },
    );
    expect(invite.body).toMatchObject({ linkedExistingAccount: true, status: 'activated' });
    const viewerToken = (await api().get(`company/choose/${ids.anggun}`, { token: (await signIn(ctx!, viewer)).jwtToken })).body
      .jwtToken as string;
    expect((await api().get('company/directory-listing', { token: viewerToken })).body).toMatchObject({
      listed: true,
      changedBy: founder.name,
    });
    const refused = await api().put('company/directory-listing', { listed: false, reason: 'I would rather not.' }, { token: viewerToken });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
    expect(await listingEvents('anggun')).toHaveLength(1);
    expect(await names({ q: 'anggun' })).toEqual(['Anggun Bina Sdn Bhd']);
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
