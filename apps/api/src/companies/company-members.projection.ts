// The company_members read model (part of the companies projection): one row a member, with the user
// machine's status, for the users lists (active, pending, ...) and the session check (a suspended member's
// next call is refused). Names and e-mail addresses are the person's data: the events seal them, and a
// forgotten person's row is rebuilt without them.

import type { SqlExecutor } from '@binaan/event-store';
import { trigramIndexSql } from '../common/trigram-index.js';
import type { CompanyAdminEvent } from './company-admin.events.js';
import type { CompanyEvent } from './company.events.js';

/** Each sort the users list offers has its index (status first: the list is always one status). */
export const MEMBERS_SETUP_SQL = `
    CREATE TABLE IF NOT EXISTS company_members (
      company_id text NOT NULL, member_id text NOT NULL, user_id text, invitation_id text, email text NOT NULL, name text NOT NULL,
      status text NOT NULL, is_site_team boolean NOT NULL DEFAULT false, invited_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, member_id));
    CREATE UNIQUE INDEX IF NOT EXISTS company_members_by_user ON company_members (user_id, company_id) WHERE user_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS company_members_by_invitation ON company_members (invitation_id) WHERE invitation_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS company_members_list_name ON company_members (company_id, status, lower(name), member_id);
    CREATE INDEX IF NOT EXISTS company_members_list_email ON company_members (company_id, status, email, member_id);
    CREATE INDEX IF NOT EXISTS company_members_list_invited ON company_members (company_id, status, invited_at, member_id);
    ${trigramIndexSql('company_members_search', 'company_members', `name || ' ' || email`)}`;

/** What the users list's search matches (the trigram index's expression: company_members_search). */
export const MEMBER_SEARCH_TEXT = `(m.name || ' ' || m.email)`;

type MemberEvent = Extract<
  CompanyAdminEvent | CompanyEvent,
  {
    type:
      'CompanyMemberInvited' | 'CompanyMemberJoined' | 'CompanyMemberStatusChanged' | 'CompanyMemberSiteTeamSet' | 'CompanyUserAssigned';
  }
>;

export async function applyMemberEvent(db: SqlExecutor, companyId: string, event: MemberEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'CompanyMemberInvited':
      await db.query(
        `INSERT INTO company_members (company_id, member_id, user_id, invitation_id, email, name, status, is_site_team, invited_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $8) ON CONFLICT (company_id, member_id) DO NOTHING`,
        [
          companyId,
          event.data.memberId,
          event.data.userId,
          event.data.invitationId,
          event.data.email ?? '',
          event.data.name ?? '',
          event.data.isSiteTeam,
          at,
        ],
      );
      return;
    case 'CompanyMemberJoined':
      await db.query('UPDATE company_members SET user_id = $3, updated_at = $4 WHERE company_id = $1 AND member_id = $2', [
        companyId,
        event.data.memberId,
        event.data.userId,
        at,
      ]);
      await db.query('UPDATE company_user_roles SET user_id = $3 WHERE company_id = $1 AND user_id = $2', [
        companyId,
        event.data.memberId,
        event.data.userId,
      ]);
      return;
    case 'CompanyMemberStatusChanged':
      await db.query('UPDATE company_members SET status = $3, updated_at = $4 WHERE company_id = $1 AND member_id = $2', [
        companyId,
        event.data.memberId,
        event.data.change.statusAfter,
        at,
      ]);
      return;
    case 'CompanyMemberSiteTeamSet':
      await db.query('UPDATE company_members SET is_site_team = $3, updated_at = $4 WHERE company_id = $1 AND member_id = $2', [
        companyId,
        event.data.memberId,
        event.data.isSiteTeam,
        at,
      ]);
      await db.query(
        `UPDATE company_user_roles SET is_site_team = $3 WHERE company_id = $1
           AND user_id = (SELECT COALESCE(user_id, member_id) FROM company_members WHERE company_id = $1 AND member_id = $2)`,
        [companyId, event.data.memberId, event.data.isSiteTeam],
      );
      return;
    case 'CompanyUserAssigned':
      // The member's name and address come from the account (the event names the user only).
      await db.query(
        `INSERT INTO company_members (company_id, member_id, user_id, invitation_id, email, name, status, is_site_team, invited_at, updated_at)
         SELECT $1, $2, $2, NULL, COALESCE(u.email, ''), COALESCE(u.name, ''), 'activated', $3, $4, $4
         FROM (SELECT 1) one LEFT JOIN identity_users u ON u.user_id = $2
         ON CONFLICT (company_id, member_id) DO UPDATE SET is_site_team = company_members.is_site_team OR excluded.is_site_team`,
        [companyId, event.data.userId, event.data.isSiteTeam, at],
      );
      return;
  }
}
