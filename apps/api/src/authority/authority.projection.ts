// Read models of the authority context: who holds which level per company and resource code (its own
// events and the companies context's CompanyAuthorityAssigned), each company's manuals, the delegations of
// authority, and the audited history of all three. Fed in the append's transaction.
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { ManualData } from './authority.events.js';
import { applyDelegation, DELEGATION_EVENT_TYPES, DELEGATIONS_SQL } from './delegations/delegations.read-model.js';

type AssignmentData = { companyId?: string; resourceCode: string; userId: string; level: number; by?: string };

export const authorityProjection: Projection = {
  name: 'authority',
  eventTypes: [
    'CompanyAuthorityAssigned',
    'WorkflowLevelAssigned',
    'WorkflowLevelUnassigned',
    'AuthorityManualDefined',
    'AuthorityManualChanged',
    ...DELEGATION_EVENT_TYPES,
  ],
  tables: ['authority_assignments', 'authority_manuals', 'authority_history', 'authority_delegations'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS authority_assignments (
      company_id text NOT NULL, resource_code text NOT NULL, user_id text NOT NULL, level smallint NOT NULL,
      PRIMARY KEY (company_id, resource_code, user_id, level));
    CREATE INDEX IF NOT EXISTS authority_assignments_by_user ON authority_assignments (company_id, user_id);
    CREATE TABLE IF NOT EXISTS authority_manuals (
      company_id text NOT NULL, resource text NOT NULL, label text NOT NULL, note text NOT NULL, levels jsonb NOT NULL,
      allow_self_approval boolean NOT NULL, role_type text NOT NULL, roles jsonb NOT NULL, version integer NOT NULL,
      updated_at timestamptz NOT NULL, updated_by text, PRIMARY KEY (company_id, resource));
    CREATE TABLE IF NOT EXISTS authority_history (
      global_position bigint PRIMARY KEY, company_id text NOT NULL, recorded_at timestamptz NOT NULL, event_type text NOT NULL,
      actor_user_id text, code text NOT NULL, user_id text, level smallint, manual_version integer, stream_id text NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS authority_history_by_company ON authority_history (company_id, global_position);
    ${DELEGATIONS_SQL}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const actor = typeof stored.metadata.actorUserId === 'string' ? stored.metadata.actorUserId : null;
      const history = (companyId: string, code: string, userId: string | null, level: number | null, version: number | null) =>
        db.query(
          `INSERT INTO authority_history (global_position, company_id, recorded_at, event_type, actor_user_id, code, user_id, level, manual_version, stream_id, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (global_position) DO NOTHING`,
          [
            stored.globalPosition,
            companyId,
            stored.metadata.recordedAt,
            stored.type,
            actor,
            code,
            userId,
            level,
            version,
            stored.streamId,
            stored.revision,
          ],
        );
      if ((DELEGATION_EVENT_TYPES as readonly string[]).includes(stored.type)) {
        const row = await applyDelegation(stored, db);
        await history(row.companyId, row.code, row.userId, null, null);
        continue;
      }
      if (stored.type === 'AuthorityManualDefined' || stored.type === 'AuthorityManualChanged') {
        const m = stored.data as unknown as ManualData;
        await db.query(
          `INSERT INTO authority_manuals (company_id, resource, label, note, levels, allow_self_approval, role_type, roles, version, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11)
           ON CONFLICT (company_id, resource) DO UPDATE SET label = excluded.label, note = excluded.note, levels = excluded.levels,
             allow_self_approval = excluded.allow_self_approval, role_type = excluded.role_type, roles = excluded.roles, version = excluded.version,
             updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
          [
            m.companyId,
            m.resource,
            m.label,
            m.note,
            JSON.stringify(m.levels),
            m.allowSelfApproval,
            m.roleType,
            JSON.stringify(m.roles),
            m.version,
            stored.metadata.recordedAt,
            m.by,
          ],
        );
        await history(m.companyId, m.resource, null, null, m.version);
        continue;
      }
      const a = stored.data as unknown as AssignmentData;
      const companyId = a.companyId ?? stored.streamId.slice('company-'.length);
      if (stored.type === 'WorkflowLevelUnassigned') {
        await db.query('DELETE FROM authority_assignments WHERE company_id = $1 AND resource_code = $2 AND user_id = $3 AND level = $4', [
          companyId,
          a.resourceCode,
          a.userId,
          a.level,
        ]);
      } else {
        await db.query(
          'INSERT INTO authority_assignments (company_id, resource_code, user_id, level) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [companyId, a.resourceCode, a.userId, a.level],
        );
      }
      await history(companyId, a.resourceCode, a.userId, a.level, null);
    }
  },
};
