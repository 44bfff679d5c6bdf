// Who may audit the whole store: it names streams of every company, so only platform admins, through the
// admin module's report right (`admin.report`, which user type 2 holds in whichever company they chose).
// A company's own `reports.view` is not enough.
import { ErrorCodes, hasAnyAccessRight, type AccessRight } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';

export const STORE_AUDIT_RIGHT: AccessRight = 'admin.report';

export function requireStoreAuditRight(principal: Principal | undefined): void {
  if (!principal || !hasAnyAccessRight(principal.accessRights, STORE_AUDIT_RIGHT)) {
    throw refusal(
      403,
      ErrorCodes.noAccessRight,
      `Verifying the whole store needs the ${STORE_AUDIT_RIGHT} access right (platform admins, with a company chosen).`,
    );
  }
}
