// The check every admin module route makes: the caller is a platform administrator (user type 2) holding
// the route's right. One indexed read per request, so a narrowed or widened set applies at once.
import { ADMIN_MODULE_RIGHTS, ErrorCodes, UserType, type AccessRight } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';

export type AdminRight = (typeof ADMIN_MODULE_RIGHTS)[number];

/** The admin module rights a platform administrator holds: every one until someone sets theirs. */
export async function adminRightsOf(db: SqlExecutor, userId: string): Promise<AccessRight[]> {
  const [row] = await db.query<{ rights: string[] }>('SELECT rights FROM platform_staff_rights WHERE user_id = $1', [userId]);
  return row ? ADMIN_MODULE_RIGHTS.filter((right) => row.rights.includes(right)) : [...ADMIN_MODULE_RIGHTS];
}

export async function requireAdminRight(db: SqlExecutor, principal: Principal, right: AdminRight): Promise<void> {
  if (principal.userType !== UserType.Admin) throw refusal(403, ErrorCodes.noAccessRight, 'This is for platform administrators.');
  if (!(await adminRightsOf(db, principal.userId)).includes(right)) {
    throw refusal(
      403,
      ErrorCodes.adminRightMissing,
      `This needs the admin module's ${right} right; a platform administrator with the user right can give it.`,
      { right },
    );
  }
}
