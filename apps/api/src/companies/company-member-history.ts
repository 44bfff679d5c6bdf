// A member's history: each step of the user machine and of the company role machine on their roles, with
// who took it, when and why, oldest first (read from the company's stream, so nothing is lost to a projection).

import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { WorkflowStatusChanged } from '@binaan/contracts';

export type MemberHistoryStep = {
  event: string;
  statusBefore: string | null;
  statusAfter: string;
  at: string;
  byName: string | null;
  remark: string | null;
  roleName: string | null;
};

export async function memberHistory(db: SqlExecutor, events: readonly StoredEvent[], memberId: string): Promise<MemberHistoryStep[]> {
  const roleNames = new Map<string, string>();
  const steps: { change: WorkflowStatusChanged; by: string; roleId: string | null }[] = [];
  for (const event of events) {
    const data = event.data as { memberId?: string; roleId?: string; name?: string; change?: WorkflowStatusChanged };
    if (event.type === 'CompanyRoleDefined' && data.roleId) roleNames.set(data.roleId, data.name ?? data.roleId);
    if (data.memberId !== memberId || !data.change) continue;
    if (event.type === 'CompanyMemberStatusChanged' || event.type === 'CompanyMemberRoleStatusChanged') {
      steps.push({
        change: data.change,
        by: event.metadata.actorUserId ?? data.change.actor.userId,
        roleId: event.type === 'CompanyMemberRoleStatusChanged' ? (data.roleId ?? null) : null,
      });
    }
  }
  const ids = [...new Set(steps.map((step) => step.by))];
  const names = new Map(
    (
      await db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [ids])
    ).map((row) => [row.user_id, row.name]),
  );
  return steps.map(({ change, by, roleId }) => ({
    event: change.workflowEvent,
    statusBefore: change.statusBefore,
    statusAfter: change.statusAfter,
    at: change.at,
    byName: names.get(by) ?? null,
    remark: change.remark,
    roleName: roleId ? (roleNames.get(roleId) ?? roleId) : null,
  }));
}
