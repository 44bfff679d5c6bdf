// Read models of the companies context: companies, their roles, who holds which role, and authority
// assignments. Fed in the append's transaction; read on every request for access rights.

import type { Projection, StoredEvent } from '@binaan/event-store';
import { CompanySubmissionStatus } from '@binaan/contracts';
import type { CompanyEvent } from './company.events.js';

export const companiesProjection: Projection = {
  name: 'companies',
  eventTypes: ['CompanyRegistered', 'CompanySubmissionStatusChanged', 'CompanyRoleDefined', 'CompanyUserAssigned', 'CompanyUserUnassigned', 'CompanyAuthorityAssigned'],
  tables: ['companies', 'company_roles', 'company_user_roles', 'company_authority'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS companies (
      company_id text PRIMARY KEY, name text NOT NULL, registration_no text NOT NULL, status smallint NOT NULL,
      subscription_type smallint NOT NULL, subscription_detail_type text NOT NULL, is_demo boolean NOT NULL,
      is_logo_uploaded boolean NOT NULL DEFAULT false, registered_at timestamptz NOT NULL, approved_at timestamptz);
    CREATE TABLE IF NOT EXISTS company_roles (
      company_id text NOT NULL, role_id text NOT NULL, name text NOT NULL, status smallint NOT NULL, access_rights text[] NOT NULL,
      PRIMARY KEY (company_id, role_id));
    CREATE TABLE IF NOT EXISTS company_user_roles (
      company_id text NOT NULL, user_id text NOT NULL, role_id text NOT NULL, status smallint NOT NULL, is_site_team boolean NOT NULL,
      PRIMARY KEY (company_id, user_id, role_id));
    CREATE INDEX IF NOT EXISTS company_user_roles_by_user ON company_user_roles (user_id);
    CREATE TABLE IF NOT EXISTS company_authority (
      company_id text NOT NULL, resource_code text NOT NULL, user_id text NOT NULL, level smallint NOT NULL,
      PRIMARY KEY (company_id, resource_code, user_id, level));`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as CompanyEvent;
      const companyId = stored.streamId.slice('company-'.length);
      switch (event.type) {
        case 'CompanyRegistered':
          await db.query(
            `INSERT INTO companies (company_id, name, registration_no, status, subscription_type, subscription_detail_type, is_demo, registered_at)
             VALUES ($1, $2, $3, 1, $4, $5, $6, $7) ON CONFLICT (company_id) DO NOTHING`,
            [companyId, event.data.name, event.data.registrationNo, event.data.subscriptionType, event.data.subscriptionDetailType, event.data.isDemo, stored.metadata.recordedAt],
          );
          break;
        case 'CompanySubmissionStatusChanged':
          // approved_at: the first approval, the start of the company's subscription year (tendering §9).
          await db.query(
            'UPDATE companies SET status = $2, approved_at = CASE WHEN $3::boolean AND approved_at IS NULL THEN $4::timestamptz ELSE approved_at END WHERE company_id = $1',
            [companyId, event.data.status, event.data.status === CompanySubmissionStatus.Approved, stored.metadata.recordedAt],
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
          break;
        case 'CompanyUserUnassigned':
          await db.query('UPDATE company_user_roles SET status = 4 WHERE company_id = $1 AND user_id = $2 AND role_id = $3', [companyId, event.data.userId, event.data.roleId]);
          break;
        case 'CompanyAuthorityAssigned':
          await db.query('INSERT INTO company_authority (company_id, resource_code, user_id, level) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
            companyId, event.data.resourceCode, event.data.userId, event.data.level,
          ]);
          break;
      }
    }
  },
};
