// A real company joins Binaan from nothing, through the API alone, on PGlite and on PostgreSQL: a person
// signs up and registers a company, submits it; a platform administrator rejects it with a remark, then
// approves it once corrected; the company's administrator invites a colleague by e-mail (the link carried
// into sign-up), gives them a role with purchase orders only; the colleague joins and sees exactly that
// role's rights, drafts a purchase order and is refused a tender; suspended, their next call is refused
// with its code. Refusals are checked on the way (bad input, duplicates, rights, the machines' messages).

import { SubscriptionPeriodsJob } from '../../../apps/api/src/subscriptions/subscription-periods.job.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeAccessRights, type CompanyRegistrationInput } from '@binaan/contracts';
import { CompanyInvitationTakeUpReactor } from '../../../apps/api/src/companies/company-invitation-take-up.reactor.js';
import {
  activationPin,
  newPerson,
  registerActivatedUser,
  seedUser,
  signIn,
  signUpBody,
  verifyMobile,
  type Person,
} from '../../support/identity.js';
import { keepProfileForSubmission } from '../../support/company-profile.js';
import { FEATURE_STORES, purchaseOrderBody, tenderBody } from '../documents/harness.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

let serial = 0;
/** Registration numbers and a code nobody else in this store has (each run's store is new, each call differs). */
function registration(overrides: Partial<CompanyRegistrationInput> = {}): CompanyRegistrationInput {
  serial += 1;
  const n = String((Date.now() % 1_000_000) + serial).padStart(6, '0');
  return {
    name: `Cahaya Binaan ${n} Sdn Bhd`,
    displayName: `Cahaya ${n}`,
    companyType: 3,
    registrationNo: `${n}7-K`,
    registrationNoNew: `202301${n}`,
    sstNo: 'W10-1808-32000001',
    companyCode: `C${n.slice(-4)}`,
    address: { line1: '12 Jalan Tukang', city: 'Shah Alam', postcode: '40000', state: 1, country: 'MY' },
    phone: '+60355101234',
    subscriptionType: 1,
    ...overrides,
  };
}

describe.each(FEATURE_STORES)('a company joins from nothing on %s', (kind) => {
  let ctx: RunningApp | undefined;
  const founder = newPerson('founder');
  const colleague = newPerson('colleague');
  let admin: Person & { userId: string };
  let founderToken = '';
  let adminToken = '';
  let companyId = '';
  let details: CompanyRegistrationInput;

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    admin = await seedUser(ctx, newPerson('platform'), { userType: 2 });
    await registerActivatedUser(ctx, founder);
    founderToken = (await signIn(ctx, founder)).jwtToken;
    adminToken = (await signIn(ctx, admin)).jwtToken;
  }, 300_000);
  afterAll(() => ctx?.stop());

  const api = () => ctx!.api;
  const choose = async (token: string, id: string) => {
    const reply = await api().get(`company/choose/${id}`, { token });
    return reply;
  };

  it('given a person with no company, when they list their companies, then none, and the review queue is not theirs to read', async () => {
    expect((await api().get('company/list', { token: founderToken })).body).toEqual({ success: true, data: [] });
    expect((await api().get('company/registrations', { token: founderToken })).status).toBe(403);
  });

  it('when a registration is not valid, then 400 naming each field, and nothing is recorded', async () => {
    const reply = await api().post(
      'company/registrations',
      {
        ...registration(),
        registrationNo: '12345',
        registrationNoNew: '202399123456',
        companyCode: 'TOOLONG',
        address: { line1: '', city: 'KL', postcode: '5000', state: 99, country: 'MY' },
      },
      { token: founderToken },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe('validationFailed');
    expect(Object.keys(reply.body.fields).sort()).toEqual([
      'address.line1',
      'address.postcode',
      'address.state',
      'companyCode',
      'registrationNo',
      'registrationNoNew',
    ]);
    expect((await api().get('company/list', { token: founderToken })).body.data).toEqual([]);
  });

  it('when a CIDB contractor registers without its grade, then 400 names the grade and the specialisations', async () => {
    const reply = await api().post('company/registrations', registration({ subscriptionType: 14 }), { token: founderToken });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields).sort()).toEqual(['cidbGrade', 'cidbSpecialisations']);
  });

  it('when the founder registers, then the company is in progress, they are its administrator, and its numbers and code are taken', async () => {
    details = registration();
    const reply = await api().post('company/registrations', details, { token: founderToken });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, status: 'inProgress' });
    companyId = reply.body.id as string;
    const list = await api().get('company/list', { token: founderToken });
    expect(list.body.data).toEqual([
      { companyProfileId: companyId, company_name: details.name, status: 1, is_logo_uploaded: false, roles: ['Company Administrator'] },
    ]);
    const other = await seedUser(ctx!, newPerson('copycat'));
    const copyToken = (await signIn(ctx!, other)).jwtToken;
    const sameNumber = await api().post('company/registrations', registration({ registrationNo: details.registrationNo.toLowerCase() }), {
      token: copyToken,
    });
    expect(sameNumber.status).toBe(409);
    expect(sameNumber.body.errorCode).toBe('companyAlreadyRegistered');
    const sameNew = await api().post('company/registrations', registration({ registrationNoNew: details.registrationNoNew }), {
      token: copyToken,
    });
    expect(sameNew.body.errorCode).toBe('companyAlreadyRegistered');
    const sameCode = await api().post('company/registrations', registration({ companyCode: details.companyCode.toLowerCase() }), {
      token: copyToken,
    });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.errorCode).toBe('companyCodeTaken');
  });

  it('when the founder chooses the company in progress, then the ui goes to the not-approved page; a stranger may not read it', async () => {
    const reply = await choose(founderToken, companyId);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ companyStatus: 1, landing: '/auth/non-approved-company-login', roles: 'Company Administrator' });
    founderToken = reply.body.jwtToken as string;
    const stranger = await seedUser(ctx!, newPerson('stranger'));
    const strangerToken = (await signIn(ctx!, stranger)).jwtToken;
    expect((await api().get(`company/registrations/${companyId}`, { token: strangerToken })).status).toBe(403);
    expect((await choose(strangerToken, companyId)).status).toBe(403);
  });

  it('when the founder submits, then the administrator finds it first in the queue with who registered it and when', async () => {
    founderToken = await keepProfileForSubmission(api(), founderToken, companyId);
    const submit = await api().post(`company/registrations/${companyId}/actions/Submit`, {}, { token: founderToken });
    expect(submit.status).toBe(200);
    expect(submit.body.status).toBe('submitted');
    const again = await api().post(`company/registrations/${companyId}/actions/Submit`, {}, { token: founderToken });
    expect(again.status).toBe(409);
    const queue = await api().get('company/registrations', {
      token: adminToken,
      query: { filter: JSON.stringify({ status: 'submitted', q: details.companyCode === '' ? '' : details.name.slice(0, 20) }) },
    });
    expect(queue.status).toBe(200);
    expect(queue.headers['content-range']).toBe('registrations 0-0/1');
    expect(queue.body[0]).toMatchObject({
      id: companyId,
      name: details.name,
      registrationNo: details.registrationNo,
      registrationNoNew: details.registrationNoNew,
      status: 'submitted',
    });
    // A page past the end is empty and still gives the queue's true total, not the page's start.
    const pastTheEnd = await api().get('company/registrations', {
      token: adminToken,
      query: { range: '[50,74]', filter: JSON.stringify({ status: 'submitted', q: details.name.slice(0, 20) }) },
    });
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toEqual([]);
    expect(pastTheEnd.headers['content-range']).toBe('registrations */1');
    const view = await api().get(`company/registrations/${companyId}`, { token: adminToken });
    expect(view.body.data).toMatchObject({
      status: 'submitted',
      registeredBy: { name: founder.name, email: founder.email },
      availableActions: ['Approve', 'Reject'],
    });
    expect(view.body.data.details).toEqual(details);
  });

  it('when the founder tries to approve their own company, then 403; when the administrator rejects without a remark, then 422', async () => {
    expect((await api().post(`company/registrations/${companyId}/actions/Approve`, {}, { token: founderToken })).status).toBe(403);
    const bare = await api().post(`company/registrations/${companyId}/actions/Reject`, {}, { token: adminToken });
    expect(bare.status).toBe(422);
    expect(bare.body.errorCode).toBe('remarkRequired');
  });

  it('when rejected with a remark, then the company is in progress with the remark, edits, and submits again; the history names each step', async () => {
    const reject = await api().post(
      `company/registrations/${companyId}/actions/Reject`,
      { remark: "The SST number is not the company's: check it." },
      { token: adminToken },
    );
    expect(reject.body.status).toBe('inProgress');
    const view = await api().get(`company/registrations/${companyId}`, { token: founderToken });
    expect(view.body.data).toMatchObject({ status: 'inProgress', lastRemark: "The SST number is not the company's: check it." });
    expect(view.body.data.availableActions).toEqual(expect.arrayContaining(['Submit', 'Edit']));
    const rejectedMail = await ctx!.smtp.waitFor(founder.email);
    expect(rejectedMail.text).toContain("The SST number is not the company's");
    const edited = await api().put(
      `company/registrations/${companyId}`,
      { ...details, sstNo: 'W10-1808-32000002' },
      { token: founderToken },
    );
    expect(edited.status).toBe(200);
    expect((await api().post(`company/registrations/${companyId}/actions/Submit`, {}, { token: founderToken })).status).toBe(200);
    const refusedEdit = await api().put(`company/registrations/${companyId}`, details, { token: founderToken });
    expect(refusedEdit.body.errorCode).toBe('companyNotEditable');
    const history = (await api().get(`company/registrations/${companyId}`, { token: adminToken })).body.data.history as {
      event: string;
      byName: string;
      remark: string | null;
    }[];
    expect(history.map((step) => [step.event, step.byName])).toEqual([
      ['Create', founder.name],
      ['Submit', founder.name],
      ['Reject', admin.name],
      ['Submit', founder.name],
    ]);
  });

  it('when approved, then the founder is told by e-mail and bell, and the ui goes home', async () => {
    const approve = await api().post(`company/registrations/${companyId}/actions/Approve`, {}, { token: adminToken });
    expect(approve.body.status).toBe('approved');
    expect((await ctx!.smtp.waitFor(founder.email)).subject).toContain('is approved');
    const chosen = await choose(founderToken, companyId);
    expect(chosen.body).toMatchObject({ companyStatus: 3, landing: '/article' });
    founderToken = chosen.body.jwtToken as string;
  });

  it('when approved, then its free trial of the basic package of its type runs 30 days from the approval, recorded as an event', async () => {
    const run = await ctx!.app.get(SubscriptionPeriodsJob).run(ctx!.clock.now);
    expect(run.trials).toContain(companyId);
    expect((await ctx!.app.get(SubscriptionPeriodsJob).run(ctx!.clock.now)).trials).not.toContain(companyId);
    const [trial, ...more] = await ctx!.store.readStream(`subscription-${companyId}`);
    expect(more).toEqual([]);
    const data = trial!.data as { packageId: string; from: string; to: string; change: string; billingId: string | null };
    expect(data).toMatchObject({ packageId: 'subcontractor-basic', change: 'trial', billingId: null });
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(30 * 86_400_000);
    const standing = await api().get('subscriptions/standing', { token: founderToken });
    expect(standing.body).toMatchObject({ state: 'active', source: 'trial', packageId: 'subcontractor-basic', periodEnd: data.to });
    // The trial's package may be ordered: that is paying for it.
    const quoted = await api().post('subscriptions/quote', { packageId: 'subcontractor-basic' }, { token: founderToken });
    expect(quoted.status).toBe(200);
  });

  it('when the platform administrator opens the company, then they go home with the admin module only, and the company reads who opened it and when in its history', async () => {
    type Step = {
      event: string;
      statusBefore: string | null;
      statusAfter: string;
      at: string;
      byUserId: string;
      byName: string | null;
      remark: string | null;
    };
    const historyOf = async () =>
      (await api().get(`company/registrations/${companyId}`, { token: founderToken })).body.data.history as Step[];
    const before = await historyOf();
    const opened = await choose(adminToken, companyId);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ companyStatus: 3, landing: '/article', roles: '', userAssignments: [] });
    expect(decodeAccessRights(opened.body.accessRights as string).filter((right) => !right.startsWith('admin.'))).toEqual([]);
    adminToken = opened.body.jwtToken as string;
    const after = await historyOf();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      {
        event: 'PlatformAdministratorOpened',
        statusBefore: 'approved',
        statusAfter: 'approved',
        at: expect.any(String),
        byUserId: admin.userId,
        byName: admin.name,
        remark: null,
      },
    ]);
    const approvedAt = before.find((step) => step.event === 'Approve')!.at;
    expect(Date.parse(after.at(-1)!.at)).toBeGreaterThanOrEqual(Date.parse(approvedAt));
    // The company's own people choosing it are no news to it.
    founderToken = (await choose(founderToken, companyId)).body.jwtToken as string;
    expect(await historyOf()).toEqual(after);
  });

  let roleId = '';
  let memberId = '';
  it('when the administrator defines a role with purchase orders only, then it lists; an admin-module right is refused', async () => {
    const refused = await api().post(
      'company/roles',
      { name: 'Sneaky', accessRights: ['procurement.view', 'admin.company'] },
      { token: founderToken },
    );
    expect(refused.body.errorCode).toBe('rightNotGrantable');
    const role = await api().post(
      'company/roles',
      { name: 'PO clerk', accessRights: ['procurement.view', 'procurement.update'] },
      { token: founderToken },
    );
    expect(role.status).toBe(201);
    roleId = role.body.id as string;
    expect((await api().post('company/roles', { name: 'po CLERK', accessRights: [] }, { token: founderToken })).body.errorCode).toBe(
      'roleNameExists',
    );
    const roles = await api().get('company/roles', { token: founderToken });
    expect(roles.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: roleId,
          name: 'PO clerk',
          accessRights: ['procurement.view', 'procurement.update'],
          status: 'active',
          holders: 0,
        }),
      ]),
    );
  });

  it('when the administrator invites a new person with that role, then they are pending and the e-mail carries a sign-up link', async () => {
    const invite = await api().post(
      'company/users/invite',
      { email: colleague.email.toUpperCase(), name: colleague.name, roleIds: [roleId] },
      { token: founderToken },
    );
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ success: true, status: 'pending', linkedExistingAccount: false });
    memberId = invite.body.id as string;
    const pending = await api().get('company/users', { token: founderToken, query: { filter: JSON.stringify({ status: 'pending' }) } });
    expect(pending.body).toEqual([
      expect.objectContaining({
        id: memberId,
        email: colleague.email,
        status: 'pending',
        roles: [{ roleId, name: 'PO clerk', status: 'active' }],
      }),
    ]);
    expect(
      (await api().post('company/users/invite', { email: colleague.email, name: colleague.name, roleIds: [] }, { token: founderToken }))
        .body.errorCode,
    ).toBe('userAlreadyMember');
    const tooMany = await api().post(
      'company/users/invite',
      { email: 'six.roles@example.my', name: 'Six Roles', roleIds: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { token: founderToken },
    );
    expect(tooMany.body.errorCode).toBe('tooManyRoles');
    const suspendPending = await api().post(`company/users/${memberId}/actions/Suspend`, { remark: 'not yet' }, { token: founderToken });
    expect(suspendPending.status).toBe(409);
    expect(suspendPending.body.errorCode).toBe('pendingUserCannotBeSuspended');
  });

  let colleagueToken = '';
  it("when the colleague signs up from the link and activates, then they join: the company is theirs to choose with the role's rights alone", async () => {
    const mail = await ctx!.smtp.waitFor(colleague.email);
    const invitationId = decodeURIComponent(mail.text.match(/invitation_id=([^\s&]+)/)![1]!);
    expect((await api().get(`company/invitations/${invitationId}`)).body).toEqual({
      success: true,
      companyName: details.name,
      state: 'open',
    });
    await verifyMobile(ctx!, colleague.mobile);
    expect((await api().post('users/sign-up', { ...signUpBody(colleague), invitation_id: invitationId })).status).toBe(200);
    expect(
      (await api().post('users/activate-by-pin', { email: colleague.email, pin: await activationPin(ctx!, colleague.email) })).status,
    ).toBe(200);
    await ctx!.app.get(CompanyInvitationTakeUpReactor).settled();
    expect((await api().get(`company/invitations/${invitationId}`)).body.state).toBe('used');
    colleagueToken = (await signIn(ctx!, colleague)).jwtToken;
    const list = await api().get('company/list', { token: colleagueToken });
    expect(list.body.data).toEqual([expect.objectContaining({ companyProfileId: companyId, roles: ['PO clerk'] })]);
    const chosen = await choose(colleagueToken, companyId);
    expect(chosen.status).toBe(200);
    expect(decodeAccessRights(chosen.body.accessRights as string)).toEqual(['procurement.view', 'procurement.update']);
    colleagueToken = chosen.body.jwtToken as string;
    const active = await api().get('company/users', {
      token: founderToken,
      query: { filter: JSON.stringify({ status: 'active', q: colleague.name }) },
    });
    expect(active.body).toEqual([
      expect.objectContaining({
        id: memberId,
        status: 'activated',
        availableActions: expect.arrayContaining(['Suspend', 'Deactivate', 'Terminate']),
      }),
    ]);
  });

  it('given the colleague may propose orders and tenders, when they draft both, then the order is made and the tender refused: their role has no tender management', async () => {
    const [row] = (
      await api().get('company/users', { token: founderToken, query: { filter: JSON.stringify({ status: 'active', q: colleague.name }) } })
    ).body as { userId: string }[];
    for (const code of ['purchaseOrder', 'tender']) {
      expect(
        (await api().post('company-workflow/assignments', { code, user_id: row!.userId, workflow_level: 10 }, { token: founderToken }))
          .status,
      ).toBe(200);
    }
    // A supplier to order from: another company, registered and approved the same way.
    const supplierOwner = await seedUser(ctx!, newPerson('supplier'));
    const supplierToken = (await signIn(ctx!, supplierOwner)).jwtToken;
    const supplier = (
      await api().post('company/registrations', registration({ name: 'Bekalan Maju Sdn Bhd', subscriptionType: 2 }), {
        token: supplierToken,
      })
    ).body.id as string;
    const supplierInCompany = await keepProfileForSubmission(api(), supplierToken, supplier);
    expect((await api().post(`company/registrations/${supplier}/actions/Submit`, {}, { token: supplierInCompany })).status).toBe(200);
    expect((await api().post(`company/registrations/${supplier}/actions/Approve`, {}, { token: adminToken })).body.status).toBe('approved');
    const order = await api().post('documents/purchaseOrder', purchaseOrderBody({ counterpartyCompanyId: supplier }), {
      token: colleagueToken,
    });
    expect(order.status).toBe(201);
    const tender = await api().post('documents/tender', tenderBody(ctx!.clock.now), { token: colleagueToken });
    expect(tender.status).toBe(403);
    expect(tender.body.errorCode).toBe('noAccessRight');
  });

  it('when the colleague manages users, then 403: the users module is not in their role', async () => {
    expect((await api().get('company/users', { token: colleagueToken })).status).toBe(403);
    expect(
      (await api().post('company/users/invite', { email: 'x@example.my', name: 'Some One', roleIds: [] }, { token: colleagueToken }))
        .status,
    ).toBe(403);
  });

  it("when the founder suspends the colleague, then the colleague's next call is refused with userSuspended; activated again, they are back", async () => {
    const suspend = await api().post(
      `company/users/${memberId}/actions/Suspend`,
      { remark: 'On leave pending an inquiry' },
      { token: founderToken },
    );
    expect(suspend.status).toBe(200);
    expect(suspend.body.status).toBe('suspended');
    const next = await api().get('company/roles', { token: colleagueToken });
    expect(next.status).toBe(403);
    expect(next.body.errorCode).toBe('userSuspended');
    const fresh = (await signIn(ctx!, colleague)).jwtToken;
    expect((await choose(fresh, companyId)).body.errorCode).toBe('userSuspended');
    expect(
      (await api().post(`company/users/${memberId}/actions/Suspend`, { remark: 'again' }, { token: founderToken })).body.errorCode,
    ).toBe('userAlreadySuspended');
    expect((await api().post(`company/users/${memberId}/actions/Activate`, {}, { token: founderToken })).body.status).toBe('activated');
    expect((await choose(fresh, companyId)).status).toBe(200);
    const history = await api().get(`company/users/${memberId}/history`, { token: founderToken });
    expect((history.body.history as { event: string; remark: string | null }[]).map((step) => step.event)).toEqual([
      'Create',
      'Create',
      'Approve',
      'Activate',
      'Suspend',
      'Activate',
    ]);
  });

  it('when the role is retired, then its holder loses its rights at once and the company is no longer theirs to choose', async () => {
    const chosen = await choose((await signIn(ctx!, colleague)).jwtToken, companyId);
    const token = chosen.body.jwtToken as string;
    expect((await api().get('documents/purchaseOrder', { token })).status).toBe(200);
    expect((await api().post(`company/roles/${roleId}/actions/Retire`, {}, { token: founderToken })).status).toBe(200);
    const after = await api().get('documents/purchaseOrder', { token });
    expect(after.status).toBe(403);
    expect(after.body.errorCode).toBe('noAccessRight');
    expect((await choose((await signIn(ctx!, colleague)).jwtToken, companyId)).body.errorCode).toBe('noAccessRight');
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
