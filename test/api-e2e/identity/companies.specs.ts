// Companies (signed-in-area.md §2.3, §3, §6): the companies a user belongs to, choosing one
// (a token for that company with the access-rights bit set, roles, site team, subscription, where the ui
// goes next), no way into another company, and access rights read from the store on every request.

import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_MODULE_RIGHTS, encodeAccessRights, type CompanyChooseReply } from '@binaan/contracts';
import {
  appendCompanyEvents,
  newPerson,
  registerActivatedUser,
  seedCompany,
  seedUser,
  signIn,
  userIdOf,
  type SeededCompany,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

export function companySpecs(app: () => RunningApp): void {
  describe('companies', () => {
    let ctx: RunningApp;
    const member = newPerson('member');
    let memberId = '';
    let outsiderId = '';
    let approved: SeededCompany;
    let siteRoleId = '';
    let foreign: SeededCompany;
    let submitted: SeededCompany;
    let contractor: SeededCompany;
    let inProgress: SeededCompany;
    let token = '';

    beforeAll(async () => {
      ctx = app();
      await registerActivatedUser(ctx, member); // the honest way: sign-up, code, PIN
      memberId = await userIdOf(ctx.store, member.email);
      outsiderId = (await seedUser(ctx, newPerson('outsider'))).userId;
      approved = await seedCompany(ctx, {
        name: 'Alpha Builders Sdn Bhd',
        status: 3,
        subscriptionType: 3,
        subscriptionDetailType: 'elite',
        roleName: 'Project Manager',
        accessRights: ['project.view', 'project.create'],
        members: [{ userId: memberId }],
      });
      siteRoleId = 'site-engineer';
      await appendCompanyEvents(ctx, approved.companyId, [
        { type: 'CompanyRoleDefined', data: { roleId: siteRoleId, name: 'Site Engineer', accessRights: ['liveProgress.view'] } },
        { type: 'CompanyUserAssigned', data: { userId: memberId, roleId: siteRoleId, isSiteTeam: true } },
      ]);
      foreign = await seedCompany(ctx, {
        name: 'Beta Supplies Sdn Bhd',
        status: 3,
        members: [{ userId: outsiderId }],
        accessRights: ['procurement.view'],
      });
      submitted = await seedCompany(ctx, { name: 'Gamma Developers', status: 2, subscriptionType: 4, members: [{ userId: memberId }] });
      contractor = await seedCompany(ctx, {
        name: 'Delta Contractors',
        status: 3,
        subscriptionType: 14,
        subscriptionDetailType: 'G7',
        members: [{ userId: memberId }],
      });
      inProgress = await seedCompany(ctx, { name: 'Epsilon Trading', status: 1, members: [{ userId: memberId }] });
      token = (await signIn(ctx, member)).jwtToken;
    });

    const choose = (companyId: string, as = token) => ctx.api.get(`company/choose/${companyId}`, { token: as });

    it('given a user in four companies, when listing, then those four by name with the spec fields, and not the one they are not in', async () => {
      const reply = await ctx.api.get('company/list', { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        success: true,
        data: [
          // roles: the user's roles in that company, as the company choice page shows them.
          {
            companyProfileId: approved.companyId,
            company_name: 'Alpha Builders Sdn Bhd',
            status: 3,
            is_logo_uploaded: false,
            roles: ['Project Manager', 'Site Engineer'],
          },
          {
            companyProfileId: contractor.companyId,
            company_name: 'Delta Contractors',
            status: 3,
            is_logo_uploaded: false,
            roles: ['Manager'],
          },
          {
            companyProfileId: inProgress.companyId,
            company_name: 'Epsilon Trading',
            status: 1,
            is_logo_uploaded: false,
            roles: ['Manager'],
          },
          {
            companyProfileId: submitted.companyId,
            company_name: 'Gamma Developers',
            status: 2,
            is_logo_uploaded: false,
            roles: ['Manager'],
          },
        ],
      });
    });

    it('given the custom list for one company, then only that one, and nothing for a company the user is not in', async () => {
      expect((await ctx.api.get(`company/custom-list/${approved.companyId}`, { token })).body.data).toEqual([
        expect.objectContaining({ companyProfileId: approved.companyId }),
      ]);
      expect((await ctx.api.get(`company/custom-list/${foreign.companyId}`, { token })).body).toEqual({ success: true, data: [] });
    });

    it('given a user of company A, when they choose company B, then 403 noAccessRight (and for a company that does not exist)', async () => {
      const reply = await choose(foreign.companyId);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'noAccessRight' });
      expect((await choose('no-such-company')).body).toMatchObject({ errorCode: 'noAccessRight' });
      // The refusal changed nothing: the session goes on.
      expect((await ctx.api.get('company/list', { token })).status).toBe(200);
    });

    it('given the read-only token, when it is used to choose a company, then 403 readOnlyToken: it cannot be traded for a full token', async () => {
      const readOnly = (await signIn(ctx, member)).readOnlyJwtToken;
      const reply = await choose(approved.companyId, readOnly);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ errorCode: 'readOnlyToken' });
      expect(reply.body.jwtToken).toBeUndefined();
    });

    it('given their approved company, when chosen, then a token for it with the access-rights bit set, roles, site team, subscription and the landing', async () => {
      const reply = await choose(approved.companyId);
      expect(reply.status).toBe(200);
      const body = reply.body as CompanyChooseReply;
      expect(body).toEqual({
        success: true,
        loginIsAuthenticated: true,
        jwtToken: expect.any(String),
        readOnlyJwtToken: expect.any(String),
        accessRights: encodeAccessRights(['project.view', 'project.create', 'liveProgress.view']),
        user: {
          companyName: 'Alpha Builders Sdn Bhd',
          subscriptionType: 3,
          subscriptionDetailType: 'elite',
          mfa_status: false,
          email: member.email,
        },
        userAssignments: [
          { status: 2, company_user_role_name: 'Project Manager', is_site_team: false },
          { status: 2, company_user_role_name: 'Site Engineer', is_site_team: true },
        ],
        roles: 'Project Manager,Site Engineer',
        isSiteTeam: true,
        isDemo: false,
        isNewDashboard: true,
        appControl: {},
        selectedCompany: approved.companyId,
        selectedCompanyName: 'Alpha Builders Sdn Bhd',
        companyStatus: 3,
        landing: '/article',
        // The company has published no terms of its own: nothing waits for the member.
        termsToAccept: null,
        errorMessage: '',
      });
      expect(body.accessRights).toMatch(/^[01]+$/);
      expect(claimsOf(body.jwtToken)).toMatchObject({ cid: approved.companyId, scope: 'full' });
      expect(claimsOf(body.readOnlyJwtToken)).toMatchObject({ cid: approved.companyId, scope: 'read' });
      // The sign-in's session made way for the company's.
      expect((await ctx.api.get('company/list', { token })).body).toMatchObject({ errorCode: 'sessionExpired' });
      token = body.jwtToken;
      expect((await ctx.api.get('company/list', { token })).status).toBe(200);
    });

    it.each([
      ['submitted', '/administration/company', () => submitted],
      ['approved with the contractor subscription', '/article', () => contractor],
      ['in progress (not approved)', '/auth/non-approved-company-login', () => inProgress],
    ])('given a company %s, when chosen, then the landing is %s', async (_case, landing, company) => {
      const reply = await choose(company().companyId);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ landing, selectedCompany: company().companyId, roles: 'Manager', isSiteTeam: false });
      token = reply.body.jwtToken as string;
    });

    it('given a role whose rights change in the store, when the user chooses again, then the new rights show at once', async () => {
      token = (await choose(approved.companyId)).body.jwtToken as string;
      await appendCompanyEvents(ctx, approved.companyId, [
        {
          type: 'CompanyRoleDefined',
          data: { roleId: approved.roleId, name: 'Project Manager', accessRights: ['project.view', 'project.approve', 'reports.view'] },
        },
      ]);
      const reply = await choose(approved.companyId);
      expect(reply.body.accessRights).toBe(encodeAccessRights(['project.view', 'project.approve', 'reports.view', 'liveProgress.view']));
      token = reply.body.jwtToken as string;
    });

    it('given the user is taken off a role, then roles and site team follow, and off every role, then the company refuses them', async () => {
      await appendCompanyEvents(ctx, approved.companyId, [
        { type: 'CompanyUserUnassigned', data: { userId: memberId, roleId: siteRoleId } },
      ]);
      const partly = await choose(approved.companyId);
      expect(partly.body).toMatchObject({
        roles: 'Project Manager',
        isSiteTeam: false,
        accessRights: encodeAccessRights(['project.view', 'project.approve', 'reports.view']),
      });
      expect(partly.body.userAssignments).toContainEqual({ status: 4, company_user_role_name: 'Site Engineer', is_site_team: true });
      token = partly.body.jwtToken as string;
      await appendCompanyEvents(ctx, approved.companyId, [
        { type: 'CompanyUserUnassigned', data: { userId: memberId, roleId: approved.roleId } },
      ]);
      const refused = await choose(approved.companyId);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 'noAccessRight' });
      expect((await ctx.api.get('company/list', { token })).body.data).not.toContainEqual(
        expect.objectContaining({ companyProfileId: approved.companyId }),
      );
    });

    it('given a platform admin (user type 2), when they choose a company they are not in, whatever its status, then it is allowed with the admin module rights, lands home, and the company records it', async () => {
      const admin = await seedUser(ctx, newPerson('platform'), { userType: 2 });
      let adminToken = (await signIn(ctx, admin)).jwtToken;
      for (const company of [foreign, submitted, inProgress]) {
        const reply = await choose(company.companyId, adminToken);
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({
          roles: '',
          isSiteTeam: false,
          userAssignments: [],
          landing: '/article',
          accessRights: encodeAccessRights(ADMIN_MODULE_RIGHTS),
        });
        adminToken = reply.body.jwtToken as string;
        const opened = (await ctx.store.readStream(`company-${company.companyId}`)).filter(
          (event) => event.type === 'CompanyOpenedByPlatformAdministrator',
        );
        expect(opened.map((event) => [event.data, event.metadata.actorUserId])).toEqual([[{ userId: admin.userId }, admin.userId]]);
      }
      // Still only the companies of their own to list: none.
      expect((await ctx.api.get('company/list', { token: adminToken })).body).toEqual({ success: true, data: [] });
    });
  });
}
