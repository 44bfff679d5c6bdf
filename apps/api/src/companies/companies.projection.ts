// Read models of the companies context: companies (with what they registered), their roles, their members,
// who holds which role, and authority assignments. Fed in the append's transaction; read on every request
// for access rights. A member's role rows carry the member's user id, or, for a person invited by e-mail
// who has not joined yet, the member id (the invitation's), moved to the user id when they join.

import type { Projection, StoredEvent } from '@binaan/event-store';
import { CompanySubmissionStatus } from '@binaan/contracts';
import type { CompanyAdminEvent } from './company-admin.events.js';
import { ROLE_STATUS_NUMBER } from './company-state.js';
import type { CompanyEvent } from './company.events.js';
import { applyMemberEvent, MEMBERS_SETUP_SQL } from './company-members.projection.js';

export const companiesProjection: Projection = {
  name: 'companies',
  eventTypes: [
    'CompanyRegistered',
    'CompanySubmissionStatusChanged',
    'CompanyRoleDefined',
    'CompanyUserAssigned',
    'CompanyUserUnassigned',
    'CompanyAuthorityAssigned',
    'CompanyDetailsRecorded',
    'CompanyDetailsEdited',
    'CompanyRoleRetired',
    'CompanyMemberInvited',
    'CompanyMemberJoined',
    'CompanyMemberStatusChanged',
    'CompanyMemberRoleStatusChanged',
    'CompanyMemberSiteTeamSet',
    // The company list's is_logo_uploaded, from the company files' stream (company-files/).
    'CompanyFileUploaded',
    'CompanyFileRemoved',
  ],
  tables: ['companies', 'company_roles', 'company_user_roles', 'company_authority', 'company_members'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS companies (
      company_id text PRIMARY KEY, name text NOT NULL, registration_no text NOT NULL, status smallint NOT NULL,
      subscription_type smallint NOT NULL, subscription_detail_type text NOT NULL, is_demo boolean NOT NULL,
      is_logo_uploaded boolean NOT NULL DEFAULT false, registered_at timestamptz NOT NULL, approved_at timestamptz,
      registration_no_new text, company_code text, details jsonb, registered_by text, submitted_at timestamptz, last_remark text);
    -- The review queue: by status, oldest submission first (and by registration time or name).
    CREATE INDEX IF NOT EXISTS companies_review_submitted ON companies (status, submitted_at, company_id);
    CREATE INDEX IF NOT EXISTS companies_review_registered ON companies (status, registered_at, company_id);
    CREATE INDEX IF NOT EXISTS companies_review_name ON companies (status, name, company_id);
    CREATE TABLE IF NOT EXISTS company_roles (
      company_id text NOT NULL, role_id text NOT NULL, name text NOT NULL, status smallint NOT NULL, access_rights text[] NOT NULL,
      PRIMARY KEY (company_id, role_id));
    CREATE TABLE IF NOT EXISTS company_user_roles (
      company_id text NOT NULL, user_id text NOT NULL, role_id text NOT NULL, status smallint NOT NULL, is_site_team boolean NOT NULL,
      PRIMARY KEY (company_id, user_id, role_id));
    CREATE INDEX IF NOT EXISTS company_user_roles_by_user ON company_user_roles (user_id);
    CREATE TABLE IF NOT EXISTS company_authority (
      company_id text NOT NULL, resource_code text NOT NULL, user_id text NOT NULL, level smallint NOT NULL,
      PRIMARY KEY (company_id, resource_code, user_id, level));
    ${MEMBERS_SETUP_SQL}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.type === 'CompanyFileUploaded' || stored.type === 'CompanyFileRemoved') {
        const file = stored.data as { companyId: string; category: string };
        if (file.category === 'logo')
          await db.query('UPDATE companies SET is_logo_uploaded = $2 WHERE company_id = $1', [
            file.companyId,
            stored.type === 'CompanyFileUploaded',
          ]);
        continue;
      }
      const event = { type: stored.type, data: stored.data } as CompanyEvent | CompanyAdminEvent;
      const companyId = stored.streamId.slice('company-'.length);
      switch (event.type) {
        case 'CompanyRegistered':
          await db.query(
            `INSERT INTO companies (company_id, name, registration_no, status, subscription_type, subscription_detail_type, is_demo, registered_at)
             VALUES ($1, $2, $3, 1, $4, $5, $6, $7) ON CONFLICT (company_id) DO NOTHING`,
            [
              companyId,
              event.data.name,
              event.data.registrationNo,
              event.data.subscriptionType,
              event.data.subscriptionDetailType,
              event.data.isDemo,
              stored.metadata.recordedAt,
            ],
          );
          break;
        case 'CompanySubmissionStatusChanged':
          // approved_at: the first approval, the start of the company's subscription year (tendering §9).
          // last_remark: a rejection's remark, kept while the company is in progress again.
          await db.query(
            `UPDATE companies SET status = $2::smallint, approved_at = CASE WHEN $3::boolean AND approved_at IS NULL THEN $4::timestamptz ELSE approved_at END,
               submitted_at = CASE WHEN $2::smallint = 2 THEN $4::timestamptz ELSE submitted_at END,
               last_remark = CASE WHEN $5::text IS NOT NULL THEN $5 WHEN $2::smallint = 1 THEN last_remark ELSE NULL END
             WHERE company_id = $1`,
            [
              companyId,
              event.data.status,
              event.data.status === CompanySubmissionStatus.Approved,
              stored.metadata.recordedAt,
              event.data.change?.workflowEvent === 'Reject' ? (event.data.change.remark ?? '') : null,
            ],
          );
          break;
        case 'CompanyRoleDefined':
          await db.query(
            `INSERT INTO company_roles (company_id, role_id, name, status, access_rights) VALUES ($1, $2, $3, 2, $4)
             ON CONFLICT (company_id, role_id) DO UPDATE SET name = excluded.name, access_rights = excluded.access_rights`,
            [companyId, event.data.roleId, event.data.name, event.data.accessRights],
          );
          break;
        case 'CompanyUserAssigned':
          await db.query(
            `INSERT INTO company_user_roles (company_id, user_id, role_id, status, is_site_team) VALUES ($1, $2, $3, 2, $4)
             ON CONFLICT (company_id, user_id, role_id) DO UPDATE SET status = 2, is_site_team = excluded.is_site_team`,
            [companyId, event.data.userId, event.data.roleId, event.data.isSiteTeam],
          );
          // A role given directly makes its holder an activated member (companies recorded before members were).
          await applyMemberEvent(db, companyId, event, stored.metadata.recordedAt);
          break;
        case 'CompanyUserUnassigned':
          await db.query('UPDATE company_user_roles SET status = 4 WHERE company_id = $1 AND user_id = $2 AND role_id = $3', [
            companyId,
            event.data.userId,
            event.data.roleId,
          ]);
          break;
        case 'CompanyDetailsRecorded':
        case 'CompanyDetailsEdited': {
          const details = event.data.details;
          await db.query(
            `UPDATE companies SET name = $2, registration_no = $3, registration_no_new = $4, company_code = $5, subscription_type = $6, details = $7::jsonb,
               registered_by = COALESCE($8, registered_by) WHERE company_id = $1`,
            [
              companyId,
              details.name,
              details.registrationNo,
              details.registrationNoNew,
              details.companyCode,
              details.subscriptionType,
              JSON.stringify(details),
              event.type === 'CompanyDetailsRecorded' ? event.data.registeredByUserId : null,
            ],
          );
          break;
        }
        case 'CompanyRoleRetired':
          await db.query('UPDATE company_roles SET status = 4 WHERE company_id = $1 AND role_id = $2', [companyId, event.data.roleId]);
          break;
        case 'CompanyMemberRoleStatusChanged':
          await db.query(
            `INSERT INTO company_user_roles (company_id, user_id, role_id, status, is_site_team)
             SELECT $1, COALESCE(m.user_id, m.member_id), $3, $4, m.is_site_team FROM company_members m WHERE m.company_id = $1 AND m.member_id = $2
             ON CONFLICT (company_id, user_id, role_id) DO UPDATE SET status = excluded.status`,
            [
              companyId,
              event.data.memberId,
              event.data.roleId,
              ROLE_STATUS_NUMBER[event.data.change.statusAfter as keyof typeof ROLE_STATUS_NUMBER],
            ],
          );
          break;
        case 'CompanyMemberInvited':
        case 'CompanyMemberJoined':
        case 'CompanyMemberStatusChanged':
        case 'CompanyMemberSiteTeamSet':
          await applyMemberEvent(db, companyId, event, stored.metadata.recordedAt);
          break;
        case 'CompanyAuthorityAssigned':
          await db.query(
            'INSERT INTO company_authority (company_id, resource_code, user_id, level) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
            [companyId, event.data.resourceCode, event.data.userId, event.data.level],
          );
          break;
      }
    }
  },
};
