// A company's profile through the API alone: its administrator fills the tabs (information, shareholders,
// directors, machinery, track record), each field refused with its own code; the rules that span tabs refuse
// the submission, each named, until kept; every change is an event with who, when and why, and a history. The
// shareholders' and directors' identity numbers are sealed in the store, whole for the company's administrators
// and masked for anyone else, exported on request and forgotten by the platform administrator. Another company
// sees an approved company's profile as far as it is shared, which the company chooses and records.

import { FEATURE_STORES } from '../documents/harness.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, type CompanyProfileView, type CompanyRegistrationInput, type ProfileEntry } from '@binaan/contracts';
import { SqlEventStore } from '@binaan/event-store';
import { directorBody, keepProfileForSubmission, shareholderBody } from '../../support/company-profile.js';
import { newPerson, seedUser, signIn, type SeededUser } from '../../support/identity.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

let serial = 0;
function registration(name: string, overrides: Partial<CompanyRegistrationInput> = {}): CompanyRegistrationInput {
  serial += 1;
  const n = String((Date.now() % 100_000) * 10 + serial).padStart(6, '0');
  return {
    name,
    displayName: name,
    companyType: 3,
    registrationNo: `${n}2-P`,
    registrationNoNew: `202101${n}`,
    companyCode: `P${n.slice(-4)}`,
    address: { line1: '5 Jalan Profil', city: 'Petaling Jaya', postcode: '46000', state: 1, country: 'MY' },
    phone: '+60378001234',
    subscriptionType: 2,
    ...overrides,
  };
}
const machine = (brand: string, model: string, type = 'Excavator') => ({
  brand,
  model,
  capacity: '20 t',
  type,
  quantity: 2,
  yearMade: 2019,
});
const project = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sekolah Kebangsaan Taman Melati',
  location: 'Kuala Lumpur',
  address: 'Jalan Melati',
  type: 'Building',
  startDate: '2021-03-01',
  endDate: '2022-08-31',
  details: 'Three-storey block',
  contractSum: 4_500_000,
  client: 'JKR',
  status: 1,
  ...overrides,
});

describe.each(FEATURE_STORES)('a company profile on %s', (kind) => {
  let ctx: RunningApp | undefined;
  let admin: SeededUser;
  let founder: SeededUser;
  let buyer: SeededUser;
  let stranger: SeededUser;
  let adminToken = '';
  let founderToken = '';
  let buyerToken = '';
  let strangerToken = '';
  let companyId = '';
  let buyerCompanyId = '';
  const entryIds: Record<string, string> = {};
  const api = () => ctx!.api;
  const mine = async (): Promise<CompanyProfileView> =>
    (await api().get('company/profile', { token: founderToken })).body as CompanyProfileView;
  const add = (list: string, body: object) => api().post(`company/profile/lists/${list}`, body, { token: founderToken });
  const submit = () => api().post(`company/registrations/${companyId}/actions/Submit`, {}, { token: founderToken });
  const profileEvents = async () => ctx!.store.readStream(`companyprofile-${companyId}`);

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    admin = await seedUser(ctx, newPerson('platform'), { userType: 2 });
    founder = await seedUser(ctx, newPerson('founder'));
    buyer = await seedUser(ctx, newPerson('buyer'));
    stranger = await seedUser(ctx, newPerson('stranger'));
    adminToken = (await signIn(ctx, admin)).jwtToken;
    strangerToken = (await signIn(ctx, stranger)).jwtToken;
    const made = await ctx.api.post('company/registrations', registration('Profil Jaya Sdn Bhd'), {
      token: (await signIn(ctx, founder)).jwtToken,
    });
    companyId = made.body.id as string;
    founderToken = (await ctx.api.get(`company/choose/${companyId}`, { token: (await signIn(ctx, founder)).jwtToken })).body
      .jwtToken as string;
    // A buyer company, approved, to see the seller's shared profile from.
    const bought = await ctx.api.post('company/registrations', registration('Pembeli Setia Sdn Bhd', { subscriptionType: 1 }), {
      token: (await signIn(ctx, buyer)).jwtToken,
    });
    buyerCompanyId = bought.body.id as string;
    buyerToken = await keepProfileForSubmission(ctx.api, (await signIn(ctx, buyer)).jwtToken, buyerCompanyId);
    expect((await ctx.api.post(`company/registrations/${buyerCompanyId}/actions/Submit`, {}, { token: buyerToken })).status).toBe(200);
    expect((await ctx.api.post(`company/registrations/${buyerCompanyId}/actions/Approve`, {}, { token: adminToken })).status).toBe(200);
    buyerToken = (await ctx.api.get(`company/choose/${buyerCompanyId}`, { token: buyerToken })).body.jwtToken as string;
  }, 300_000);
  afterAll(() => ctx?.stop());

  it('given a new company, then its profile is empty, shares the default tabs, and names the rules not yet kept', async () => {
    const view = await mine();
    expect(view).toMatchObject({
      companyId,
      name: 'Profil Jaya Sdn Bhd',
      companyType: 3,
      shareholders: [],
      directors: [],
      idNumbersMasked: false,
      editable: true,
      revision: -1,
      information: { description: '', paidUpCapital: null, authorisedCapital: null, dateIncorporated: null },
      sharing: { tabs: ['information', 'registration', 'machinery', 'trackRecord'], changedAt: null },
    });
    expect(view.registration).toMatchObject({ name: 'Profil Jaya Sdn Bhd', address: { city: 'Petaling Jaya' } });
    expect(view.problems).toEqual([
      { tab: 'shareholders', code: 'shareholderRequired' },
      { tab: 'directors', code: 'directorRequired' },
    ]);
  });

  it('when it submits with no shareholder nor director, then 422 names each rule and its tab, and the company stays in progress', async () => {
    const reply = await submit();
    expect([reply.status, reply.body.errorCode]).toEqual([422, 'shareholderRequired']);
    expect(reply.body.problems).toEqual([
      { tab: 'shareholders', code: 'shareholderRequired' },
      { tab: 'directors', code: 'directorRequired' },
    ]);
    expect((await api().get(`company/registrations/${companyId}`, { token: founderToken })).body.data.status).toBe('inProgress');
  });

  it('when a shareholder is sent with a wrong MyKad, no name and a share over 100, then 400 gives each field its own code and nothing is recorded', async () => {
    const reply = await add('shareholders', shareholderBody({ name: ' ', idNumber: '801301-14-5678', sharePercent: 120 }));
    expect([reply.status, reply.body.errorCode]).toEqual([400, 'validationFailed']);
    expect(reply.body.fields).toEqual({ name: ['fieldRequired'], idNumber: ['invalidMyKad'], sharePercent: ['sharePercentOutOfRange'] });
    const passport = await add('shareholders', shareholderBody({ idType: 'passport', idNumber: 'A1', sharePercent: 0 }));
    expect(passport.body.fields).toEqual({ idNumber: ['invalidPassportNo'], sharePercent: ['sharePercentOutOfRange'] });
    expect(await profileEvents()).toEqual([]);
  });

  it('given shares of 60 and 30 and no director, when it submits, then 422 names both rules; a third of 20 is refused at once (over 100)', async () => {
    const first = await add('shareholders', shareholderBody({ name: 'Aminah binti Yusof', sharePercent: 60 }));
    expect(first.status).toBe(201);
    entryIds.aminah = first.body.id as string;
    const second = await add(
      'shareholders',
      shareholderBody({ name: 'Tan Wei Ming', idType: 'passport', idNumber: 'k1234567', sharePercent: 30 }),
    );
    entryIds.tan = second.body.id as string;
    const refused = await submit();
    expect([refused.status, refused.body.errorCode]).toEqual([422, 'directorRequired']);
    expect(refused.body.problems).toEqual([
      { tab: 'directors', code: 'directorRequired' },
      { tab: 'shareholders', code: 'sharesNotHundred' },
    ]);
    const over = await add('shareholders', shareholderBody({ name: 'Lim Ah Kow', idNumber: '750505-10-1234', sharePercent: 20 }));
    expect([over.status, over.body.errorCode, over.body.fields]).toEqual([
      422,
      'sharesOverHundred',
      { sharePercent: ['sharesOverHundred'] },
    ]);
    expect((await mine()).shareholders!.map((holder) => [holder.name, holder.sharePercent])).toEqual([
      ['Aminah binti Yusof', 60],
      ['Tan Wei Ming', 30],
    ]);
  });

  it('when the second shareholder is changed to 40 and a director appointed, then the profile keeps the rules and the company submits', async () => {
    const view = await mine();
    const tan = view.shareholders!.find((holder) => holder.id === entryIds.tan)!;
    expect(tan.idNumber).toBe('K1234567');
    const stale = await api().put(
      `company/profile/lists/shareholders/${entryIds.tan}`,
      { ...tan, sharePercent: 40 },
      { token: founderToken, headers: { 'If-Match': `"${view.revision - 1}"` } },
    );
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    expect(
      (
        await api().put(
          `company/profile/lists/shareholders/${entryIds.tan}`,
          { ...tan, sharePercent: 40 },
          { token: founderToken, headers: { 'If-Match': `"${view.revision}"` } },
        )
      ).status,
    ).toBe(200);
    const future = await add('directors', directorBody({ appointedDate: '2999-01-01' }));
    expect([future.status, future.body.fields]).toEqual([400, { appointedDate: ['dateAfterToday'] }]);
    const director = await add('directors', directorBody());
    expect(director.status).toBe(201);
    entryIds.director = director.body.id as string;
    expect((await mine()).problems).toEqual([]);
    const submitted = await submit();
    expect([submitted.status, submitted.body.status]).toEqual([200, 'submitted']);
  });

  it("then every change is an event with who and when, a person's name, identity number and address are sealed in the store, and the history reads newest first", async () => {
    const events = await profileEvents();
    expect(events.map((event) => event.type)).toEqual([
      'CompanyProfileEntryAdded',
      'CompanyProfileEntryAdded',
      'CompanyProfileEntryEdited',
      'CompanyProfileEntryAdded',
    ]);
    for (const event of events) expect(event.metadata.actorUserId).toBe(founder.userId);
    expect(events[2]!.data).toMatchObject({
      list: 'shareholders',
      entryId: entryIds.tan,
      fields: { sharePercent: 40, name: 'Tan Wei Ming' },
    });
    const store = ctx!.store;
    if (store instanceof SqlEventStore) {
      const rows = await store.db.query<{ data: unknown }>('SELECT data FROM events WHERE stream_id = $1', [`companyprofile-${companyId}`]);
      const raw = JSON.stringify(rows);
      for (const personal of ['Aminah', '800101145678', 'K1234567', 'Jalan Mawar']) expect(raw).not.toContain(personal);
      expect(raw).toContain('Managing Director');
    }
    const history = await api().get('company/profile/history', { token: founderToken });
    expect(history.status).toBe(200);
    expect(
      history.body.items.map((step: { event: string; label: string; byName: string }) => [step.event, step.label, step.byName]),
    ).toEqual([
      ['EntryAdded', 'Aminah binti Yusof', founder.name],
      ['EntryEdited', 'Tan Wei Ming', founder.name],
      ['EntryAdded', 'Tan Wei Ming', founder.name],
      ['EntryAdded', 'Aminah binti Yusof', founder.name],
    ]);
    expect(history.body.next).toBeNull();
  });

  it('when the information is sent with paid-up over authorised capital or a future date, then each field is refused with its code; once right, it is recorded', async () => {
    const bad = await api().put(
      'company/profile/information',
      { description: 'x', paidUpCapital: 2_000_000, authorisedCapital: 1_000_000, dateIncorporated: '2999-12-31' },
      { token: founderToken },
    );
    expect([bad.status, bad.body.fields]).toEqual([400, { paidUpCapital: ['paidUpOverAuthorised'], dateIncorporated: ['dateAfterToday'] }]);
    const amount = await api().put(
      'company/profile/information',
      { description: '', paidUpCapital: -1, authorisedCapital: 1.234, dateIncorporated: '2020-02-30' },
      { token: founderToken },
    );
    expect(amount.body.fields).toEqual({
      paidUpCapital: ['invalidAmount'],
      authorisedCapital: ['invalidAmount'],
      dateIncorporated: ['invalidDate'],
    });
    const good = {
      description: 'Civil works and earthmoving since 2005.',
      paidUpCapital: 750_000,
      authorisedCapital: 1_000_000,
      dateIncorporated: '2005-06-01',
    };
    expect((await api().put('company/profile/information', good, { token: founderToken })).status).toBe(200);
    expect((await mine()).information).toEqual(good);
  });

  it('given machines entered, then the machinery list is read a page at a time in name order and searched; bad parameters are 400', async () => {
    for (const [brand, model, type] of [
      ['Volvo', 'EC210', 'Excavator'],
      ['Caterpillar', '320D', 'Excavator'],
      ['Hitachi', 'ZX200', 'Excavator'],
      ['Tadano', 'GR-500', 'Crane'],
    ]) {
      expect((await add('machinery', machine(brand!, model!, type))).status).toBe(201);
    }
    const bad = await add('machinery', { brand: 'X', model: '', type: 'Y', quantity: 0, yearMade: 1800 });
    expect(bad.body.fields).toEqual({ model: ['fieldRequired'], quantity: ['invalidQuantity'], yearMade: ['invalidYear'] });
    const first = await api().get('company/profile/lists/machinery', { token: founderToken, query: { limit: '2' } });
    expect(first.body.items.map((entry: ProfileEntry<'machinery'>) => entry.brand)).toEqual(['Caterpillar', 'Hitachi']);
    const second = await api().get('company/profile/lists/machinery', {
      token: founderToken,
      query: { limit: '2', after: first.body.next },
    });
    expect([second.body.items.map((entry: ProfileEntry<'machinery'>) => entry.brand), second.body.next]).toEqual([
      ['Tadano', 'Volvo'],
      null,
    ]);
    const crane = await api().get('company/profile/lists/machinery', { token: founderToken, query: { q: 'CRANE' } });
    expect(crane.body.items.map((entry: ProfileEntry<'machinery'>) => entry.model)).toEqual(['GR-500']);
    const wrong = await api().get('company/profile/lists/machinery', {
      token: founderToken,
      query: { limit: '500', after: 'not a cursor' },
    });
    expect([wrong.status, Object.keys(wrong.body.fields).sort()]).toEqual([400, ['after', 'limit']]);
    expect((await api().get('company/profile/lists/vehicles', { token: founderToken })).status).toBe(404);
  });

  it("when a track record's dates disagree with its status, then each is refused with its code; a completed project is recorded", async () => {
    const ended = await add('trackRecord', project({ startDate: '2022-01-01', endDate: '2021-01-01' }));
    expect(ended.body.fields).toEqual({ endDate: ['endBeforeStart'] });
    const notYet = await add('trackRecord', project({ endDate: '2999-01-01' }));
    expect(notYet.body.fields).toEqual({ endDate: ['dateAfterToday'] });
    const future = await add('trackRecord', project({ status: 3, startDate: '2020-01-01', endDate: null }));
    expect(future.body.fields).toEqual({ startDate: ['dateNotAfterToday'] });
    const done = await add('trackRecord', project());
    expect(done.status).toBe(201);
    entryIds.project = done.body.id as string;
    const page = await api().get('company/profile/lists/trackRecord', { token: founderToken, query: { q: 'melati' } });
    expect(page.body.items).toEqual([expect.objectContaining({ id: entryIds.project, contractSum: 4_500_000, client: 'JKR', status: 1 })]);
  });

  it('when an entry is removed, the reason is required and recorded; an unknown entry is 404', async () => {
    expect(
      (await api().post(`company/profile/lists/trackRecord/${entryIds.project}/actions/Remove`, {}, { token: founderToken })).body.fields,
    ).toEqual({ reason: ['fieldRequired'] });
    expect(
      (await api().post('company/profile/lists/trackRecord/no-such-entry/actions/Remove', { reason: 'x' }, { token: founderToken })).body
        .errorCode,
    ).toBe('profileEntryNotFound');
    expect(
      (
        await api().post(
          `company/profile/lists/trackRecord/${entryIds.project}/actions/Remove`,
          { reason: 'Entered twice.' },
          { token: founderToken },
        )
      ).status,
    ).toBe(200);
    const last = (await profileEvents()).at(-1)!;
    expect([last.type, last.data]).toEqual([
      'CompanyProfileEntryRemoved',
      { list: 'trackRecord', entryId: entryIds.project, reason: 'Entered twice.' },
    ]);
    expect((await api().get('company/profile/lists/trackRecord', { token: founderToken })).body.items).toEqual([]);
    expect((await add('trackRecord', project())).status).toBe(201);
  });

  it("when someone without the company's profile rights, or a read-only token, calls, then 403 with its code", async () => {
    expect((await api().get('company/profile', { token: strangerToken })).body.errorCode).toBe('companyNotChosen');
    const chosen = await api().get(`company/choose/${companyId}`, { token: (await signIn(ctx!, founder)).jwtToken });
    founderToken = chosen.body.jwtToken as string;
    const readOnly = await api().post('company/profile/lists/machinery', machine('JCB', '3CX'), {
      token: chosen.body.readOnlyJwtToken as string,
    });
    expect([readOnly.status, readOnly.body.errorCode]).toEqual([403, 'readOnlyToken']);
    expect((await api().get(`company/profiles/${companyId}/people/${entryIds.aminah}/personal-data`, { token: buyerToken })).status).toBe(
      403,
    );
  });

  it('given the company submitted, the platform administrator sees every tab with identity numbers masked; a buyer sees nothing until it is approved', async () => {
    const reviewed = await api().get(`company/profiles/${companyId}`, { token: adminToken });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      idNumbersMasked: true,
      editable: false,
      tabs: ['information', 'registration', 'shareholders', 'directors', 'machinery', 'trackRecord'],
    });
    expect((reviewed.body as CompanyProfileView).shareholders!.map((holder) => holder.idNumber)).toEqual(['••••••••5678', '••••4567']);
    expect((await api().get(`company/profiles/${companyId}`, { token: buyerToken })).body.errorCode).toBe('companyNotFound');
    expect((await api().post(`company/registrations/${companyId}/actions/Approve`, {}, { token: adminToken })).status).toBe(200);
  });

  it('given it is approved, a buyer sees the default shared tabs (no people), and a tab not shared is refused', async () => {
    const seen = await api().get(`company/profiles/${companyId}`, { token: buyerToken });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      tabs: ['information', 'registration', 'machinery', 'trackRecord'],
      shareholders: null,
      directors: null,
      editable: false,
      problems: [],
    });
    expect(seen.body.sharing).toEqual({
      tabs: ['information', 'registration', 'machinery', 'trackRecord'],
      changedAt: null,
      changedBy: null,
      reason: null,
    });
    expect(
      (await api().get(`company/profiles/${companyId}/lists/machinery`, { token: buyerToken, query: { q: 'volvo' } })).body.items,
    ).toHaveLength(1);
    expect((await api().get(`company/profiles/${companyId}/lists/shareholders`, { token: buyerToken })).body.errorCode).toBe(
      'noAccessRight',
    );
  });

  it('when the company shares its shareholders, saying why, then the choice is recorded with who and why, and the buyer sees them masked', async () => {
    const bad = await api().put('company/profile/sharing', { tabs: ['information', 'secrets'], reason: '' }, { token: founderToken });
    expect(bad.body.fields).toEqual({ tabs: ['fieldRequired'], reason: ['fieldRequired'] });
    const tabs = ['information', 'registration', 'shareholders', 'machinery', 'trackRecord'];
    expect(
      (await api().put('company/profile/sharing', { tabs, reason: 'Buyers on government jobs ask who owns us.' }, { token: founderToken }))
        .status,
    ).toBe(200);
    const event = (await profileEvents()).at(-1)!;
    expect([event.type, event.data, event.metadata.actorUserId]).toEqual([
      'CompanyProfileSharingChanged',
      { tabs, reason: 'Buyers on government jobs ask who owns us.' },
      founder.userId,
    ]);
    expect((await mine()).sharing).toMatchObject({ tabs, changedBy: founder.name, reason: 'Buyers on government jobs ask who owns us.' });
    const seen = (await api().get(`company/profiles/${companyId}`, { token: buyerToken })).body as CompanyProfileView;
    expect(seen.shareholders!.map((holder) => [holder.name, holder.idNumber])).toEqual([
      ['Aminah binti Yusof', '••••••••5678'],
      ['Tan Wei Ming', '••••4567'],
    ]);
    expect(seen.directors).toBeNull();
  });

  it("when the company's administrator exports a shareholder's data, then every event about them comes whole; the platform administrator may too", async () => {
    const own = await api().get(`company/profile/people/${entryIds.aminah}/personal-data`, { token: founderToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ format: 'binaan-company-person-data-v1', companyId, entryId: entryIds.aminah, list: 'shareholders' });
    expect(own.body.events.map((event: { data: { fields: { idNumber: string } } }) => event.data.fields.idNumber)).toEqual([
      '800101145678',
    ]);
    expect((await api().get(`company/profiles/${companyId}/people/${entryIds.aminah}/personal-data`, { token: adminToken })).status).toBe(
      200,
    );
    expect((await api().get(`company/profile/people/${entryIds.project}/personal-data`, { token: founderToken })).body.errorCode).toBe(
      'profileEntryNotFound',
    );
  });

  it('when the platform administrator forgets a shareholder, then their name, number and address read erased everywhere, and the erasure is recorded', async () => {
    expect(
      (await api().post(`company/profiles/${companyId}/people/${entryIds.aminah}/forget`, { reason: 'x' }, { token: founderToken })).body
        .errorCode,
    ).toBe('noAccessRight');
    expect((await api().post(`company/profiles/${companyId}/people/${entryIds.aminah}/forget`, {}, { token: adminToken })).status).toBe(
      400,
    );
    const forgotten = await api().post(
      `company/profiles/${companyId}/people/${entryIds.aminah}/forget`,
      { reason: 'The shareholder asked to be forgotten (PDPA).' },
      { token: adminToken },
    );
    expect(forgotten.status).toBe(200);
    const holder = (await mine()).shareholders!.find((entry) => entry.id === entryIds.aminah)!;
    expect([holder.name, holder.idNumber, holder.address, holder.sharePercent, holder.designation]).toEqual([
      '[erased]',
      '[erased]',
      '[erased]',
      60,
      'Managing Director',
    ]);
    const exported = await api().get(`company/profile/people/${entryIds.aminah}/personal-data`, { token: founderToken });
    expect(exported.body.events[0].data.fields).toMatchObject({ name: '[erased]', idNumber: '[erased]' });
    const erasure = await ctx!.store.readStream(`personal-data-companyPerson.${entryIds.aminah}`);
    expect(erasure.map((event) => [event.type, (event.data as { reason: string }).reason, event.metadata.actorUserId])).toEqual([
      ['PersonalDataForgotten', 'The shareholder asked to be forgotten (PDPA).', admin.userId],
    ]);
    const steps = (await api().get('company/profile/history', { token: founderToken })).body.items as { event: string; reason: string }[];
    expect(steps[0]).toMatchObject({ event: 'PersonForgotten', reason: 'The shareholder asked to be forgotten (PDPA).' });
    // The other shareholder is untouched.
    expect((await mine()).shareholders!.find((entry) => entry.id === entryIds.tan)!.name).toBe('Tan Wei Ming');
  });

  it("the error codes it answers are the contracts' own", () => {
    for (const code of [
      'shareholderRequired',
      'directorRequired',
      'sharesNotHundred',
      'sharesOverHundred',
      'invalidMyKad',
      'profileEntryNotFound',
    ])
      expect(ErrorCodes).toHaveProperty(code, code);
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
