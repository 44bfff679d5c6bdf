// The platform's staff (every user type 2 account) and their admin module rights. Setting a colleague's
// rights needs the user right; no one sets their own (so no one widens their own rights or locks
// themselves out), and a set always keeps at least one right.
import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_MODULE_RIGHTS, ErrorCodes, type AccessRight } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { adminRightsOf, requireAdminRight } from './admin-rights.js';
import { STAFF_STREAM_TYPE, type StaffRightsEvent } from './staff-rights.events.js';

export type StaffMember = {
  userId: string;
  name: string;
  email: string;
  status: string;
  rights: AccessRight[];
  rightsSetAt: string | null;
};

@Injectable()
export class PlatformStaffService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The caller's own rights (the signed-in area's menu shows the pages they open). */
  async mine(principal: Principal): Promise<{ rights: AccessRight[] }> {
    if (principal.userType !== 2) throw refusal(403, ErrorCodes.noAccessRight, 'This is for platform administrators.');
    return { rights: await adminRightsOf(this.db, principal.userId) };
  }

  async list(principal: Principal): Promise<StaffMember[]> {
    await requireAdminRight(this.db, principal, 'admin.user');
    // The platform's staff is a handful of people: the whole list, oldest account first, capped for safety.
    const rows = await this.db.query<{
      user_id: string;
      name: string;
      email: string;
      status: string;
      rights: string[] | null;
      updated_at: Date | string | null;
    }>(
      `SELECT u.user_id, u.name, u.email, u.status, s.rights, s.updated_at FROM identity_users u LEFT JOIN platform_staff_rights s ON s.user_id = u.user_id
       WHERE u.user_type = 2 ORDER BY u.registered_at, u.user_id LIMIT 500`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      status: row.status,
      rights: row.rights ? ADMIN_MODULE_RIGHTS.filter((right) => row.rights!.includes(right)) : [...ADMIN_MODULE_RIGHTS],
      rightsSetAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    }));
  }

  async setRights(principal: Principal, userId: string, body: unknown): Promise<StaffMember> {
    await requireAdminRight(this.db, principal, 'admin.user');
    const input = (typeof body === 'object' && body !== null ? body : {}) as { rights?: unknown; reason?: unknown };
    const fields: Record<string, string[]> = {};
    const rights = Array.isArray(input.rights) ? input.rights : null;
    if (
      !rights ||
      rights.length === 0 ||
      rights.some((right) => typeof right !== 'string' || !(ADMIN_MODULE_RIGHTS as readonly string[]).includes(right))
    ) {
      fields.rights = [`must be a non-empty list of ${ADMIN_MODULE_RIGHTS.join(', ')}`];
    }
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (reason.length < 3 || reason.length > 500) fields.reason = ['must be text of 3 to 500 characters'];
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
    if (userId === principal.userId)
      throw refusal(
        409,
        ErrorCodes.cannotChangeOwnRights,
        'You cannot change your own admin module rights: ask a colleague with the user right.',
      );
    const member = (await this.list(principal)).find((staff) => staff.userId === userId);
    if (!member) throw refusal(404, ErrorCodes.notFound, 'No platform administrator has this id.');
    const event: StaffRightsEvent = {
      type: 'StaffRightsSet',
      data: { userId, rights: ADMIN_MODULE_RIGHTS.filter((right) => (rights as string[]).includes(right)), reason },
    };
    await this.store.append({
      streamId: `platformstaff-${userId}`,
      streamType: STAFF_STREAM_TYPE,
      expectedRevision: 'any',
      events: [{ ...event, metadata: { actorUserId: principal.userId } }],
    });
    return (await this.list(principal)).find((staff) => staff.userId === userId)!;
  }
}
