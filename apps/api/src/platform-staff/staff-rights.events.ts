// A platform administrator's rights in the admin module (signed-in-area.md §6: company, user,
// advertisement, report, configuration, inquiry, coupon), on `platformstaff-<userId>` (type 'platformStaff').
// Each setting records the whole set, who set it (metadata) and why.
import type { AccessRight } from '@binaan/contracts';

export const STAFF_STREAM_TYPE = 'platformStaff';
export type StaffRightsEvent = { type: 'StaffRightsSet'; data: { userId: string; rights: AccessRight[]; reason: string } };
