// Who reads and writes a company's inventory, and the project a route names (the company's own, else 404).
import { ErrorCodes, type AccessRight } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { companyLevels } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { isUuid } from '../common/uuid.js';
import { projectCompany, projectLevels } from '../projects/project-reads.js';

/** Stock is the procurement module's: whoever works in it reads; its writers and approvers write (the stock machine judges the levels). */
export const INVENTORY_READ: readonly AccessRight[] = [
  'procurement.view',
  'procurement.update',
  'procurement.approve',
  'procurement.confirm',
];
export const INVENTORY_WRITE: readonly AccessRight[] = ['procurement.update', 'procurement.approve', 'procurement.confirm'];
/** Site locations are set up by the procurement module's writers. */
export const LOCATIONS_WRITE: readonly AccessRight[] = ['procurement.update'];

export function writable(principal: Principal): void {
  if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
}

export const readerCompany = (principal: Principal) => companyOf(principal, ...INVENTORY_READ);

/** The project, when it is the company's; anything else is 404 (another company's project is not told of). */
export async function ownProject(db: SqlExecutor, companyId: string, projectId: string): Promise<string> {
  if (!isUuid(projectId) || (await projectCompany(db, projectId)) !== companyId)
    throw refusal(404, 'projectNotFound', 'No such project in this company.');
  return projectId;
}

/** The stock machine's actor: the user's levels on `stock` in the company and in the project. */
export async function stockActor(db: SqlExecutor, principal: Principal, companyId: string, projectId: string): Promise<Actor> {
  const [company, project] = await Promise.all([
    companyLevels(db, companyId, principal.userId),
    projectLevels(db, projectId, principal.userId),
  ]);
  return { userId: principal.userId, companyId, kind: principal.userType === 2 ? 'admin' : 'user', authorities: { company, project } };
}
