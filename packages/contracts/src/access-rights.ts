// Access rights (signed-in-area.md §6): named resources; a user's rights in a company travel as a bit
// set, a string of '0' and '1' where position i says whether ACCESS_RIGHTS[i] is granted. Names are only
// ever added at the end, so a bit keeps its meaning across versions.

export const ACCESS_RIGHTS = [
  'administration.companyProfile.view',
  'administration.companyProfile.update',
  'administration.catalogue.view',
  'administration.catalogue.update',
  'administration.users.view',
  'administration.users.update',
  'administration.users.approve',
  'administration.termsAndAgreements.view',
  'administration.termsAndAgreements.update',
  'administration.authorityManual.view',
  'administration.authorityManual.update',
  'administration.fullAccessControl.update',
  'administration.categoryAndRegion.view',
  'administration.categoryAndRegion.update',
  'administration.companyValidity.view',
  'businessNetwork.view',
  'businessNetwork.update',
  'project.create',
  'project.view',
  'project.viewAll',
  'project.approve',
  'reports.view',
  'newDashboards.view',
  'vendorManagement.view',
  'vendorManagement.update',
  'projectManagement.view',
  'projectManagement.update',
  'tenderManagement.view',
  'tenderManagement.update',
  'tenderManagement.approve',
  'contractManagement.view',
  'contractManagement.update',
  'contractManagement.approve',
  'contractManagement.confirm',
  'liveProgress.view',
  'procurement.view',
  'procurement.update',
  'procurement.approve',
  'procurement.confirm',
  'costPlanAndLibrary.view',
  'costPlanAndLibrary.update',
  'defectManagement.view',
  'defectManagement.update',
  'projectManagementChecklist.view',
  'projectManagementChecklist.update',
  'admin.company',
  'admin.user',
  'admin.advertisement',
  'admin.report',
  'admin.configuration',
  'admin.inquiry',
  'admin.coupon',
  // Events and certificates (apps/api/src/certificates): the spec's permission areas (§6) have none, so
  // these are ours. update: create and publish events, issue, approve, e-mail and revoke certificates;
  // scan: check tickets in and out at the door, and see the events, attendance and failed scans.
  'eventManagement.update',
  'eventManagement.scan',
] as const;

export type AccessRight = (typeof ACCESS_RIGHTS)[number];

/** Rights only platform admins (user type 2) hold, whatever their company roles say. */
export const ADMIN_MODULE_RIGHTS: readonly AccessRight[] = ACCESS_RIGHTS.filter((right) => right.startsWith('admin.'));

export function encodeAccessRights(rights: Iterable<string>): string {
  const granted = new Set(rights);
  return ACCESS_RIGHTS.map((right) => (granted.has(right) ? '1' : '0')).join('');
}

export function decodeAccessRights(bits: string): AccessRight[] {
  return ACCESS_RIGHTS.filter((_, index) => bits[index] === '1');
}

/** A module declares one or several rights and is visible if any of them is granted. */
export function hasAnyAccessRight(bits: string, ...rights: AccessRight[]): boolean {
  return rights.some((right) => bits[ACCESS_RIGHTS.indexOf(right)] === '1');
}

export function isAccessRight(name: string): name is AccessRight {
  return (ACCESS_RIGHTS as readonly string[]).includes(name);
}
