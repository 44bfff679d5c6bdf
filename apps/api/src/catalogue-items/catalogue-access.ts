// Who may read and change the company's catalogue (§6 administration right "catalogue", view and update).
// Reading is also for those who draft documents and BQs with line items: the pickers offer the catalogue to
// them, and a line's description is no secret from its own company's buyers.
import type { AccessRight } from '@binaan/contracts';

export const CATALOGUE_CHANGE_RIGHT = 'administration.catalogue.update' as const satisfies AccessRight;
export const CATALOGUE_READ_RIGHTS = [
  'administration.catalogue.view',
  'administration.catalogue.update',
  'procurement.update',
  'tenderManagement.update',
  'contractManagement.update',
  'costPlanAndLibrary.update',
  'projectManagement.update',
] as const satisfies readonly AccessRight[];
