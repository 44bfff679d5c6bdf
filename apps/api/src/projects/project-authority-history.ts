// A project's authority timeline: who gave whom which level (workflow or supply) and which manual authority
// role, when, read straight off the project's own stream (a project's stream is short, and the events are
// the record: nothing to keep in step). Names come from the identity read model, by user id and by e-mail.
import type { ProjectAuthorityHistoryRow } from '@binaan/contracts';
import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { ProjectAssignmentData } from './project.events.js';

const TYPES = new Set(['ProjectLevelAssigned', 'ProjectLevelUnassigned', 'ProjectManualRoleGranted']);

/** The rows of the stream's authority events, newest first, names not yet filled in. */
export function authorityTimeline(events: readonly StoredEvent[]): ProjectAuthorityHistoryRow[] {
  const rows: ProjectAuthorityHistoryRow[] = [];
  for (const stored of events) {
    if (!TYPES.has(stored.type)) continue;
    const data = stored.data as Record<string, unknown>;
    const by = typeof data.by === 'string' ? data.by : typeof stored.metadata.actorUserId === 'string' ? stored.metadata.actorUserId : null;
    const base = {
      at: new Date(stored.metadata.recordedAt).toISOString(),
      eventType: stored.type as ProjectAuthorityHistoryRow['eventType'],
      actor: { userId: by, name: null },
      revision: stored.revision,
    };
    if (stored.type === 'ProjectManualRoleGranted') {
      rows.push({
        ...base,
        scope: null,
        code: null,
        userId: null,
        userName: null,
        level: null,
        email: String(data.email),
        role: String(data.role),
      });
    } else {
      const a = data as unknown as ProjectAssignmentData;
      rows.push({ ...base, scope: a.scope, code: a.code, userId: a.userId, userName: null, level: a.level, email: null, role: null });
    }
  }
  return rows.reverse();
}

/** The timeline with actor and user names (a manual role's user found by e-mail, when registered). */
export async function projectAuthorityHistory(db: SqlExecutor, events: readonly StoredEvent[]): Promise<ProjectAuthorityHistoryRow[]> {
  const rows = authorityTimeline(events);
  const ids = [...new Set(rows.flatMap((r) => [r.actor.userId, r.userId]).filter((id): id is string => id !== null))];
  const emails = [...new Set(rows.map((r) => r.email?.toLowerCase()).filter((e): e is string => !!e))];
  if (ids.length === 0 && emails.length === 0) return rows;
  const users = await db.query<{ user_id: string; email: string; name: string }>(
    'SELECT user_id, email, name FROM identity_users WHERE user_id = ANY($1::text[]) OR lower(email) = ANY($2::text[])',
    [ids, emails],
  );
  const byId = new Map(users.map((u) => [u.user_id, u]));
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
  return rows.map((r) => {
    const user = r.userId ? byId.get(r.userId) : r.email ? byEmail.get(r.email.toLowerCase()) : undefined;
    return {
      ...r,
      actor: { userId: r.actor.userId, name: r.actor.userId ? (byId.get(r.actor.userId)?.name ?? null) : null },
      userId: r.userId ?? user?.user_id ?? null,
      userName: user?.name ?? null,
    };
  });
}
