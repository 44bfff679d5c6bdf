// Which package type fits a company (pure): supplier for the selling subscription types (Seller,
// ProcurementSeller), subcontractor for every other (buyers, developers, consultants, contractors).
import { SubscriptionType } from '@binaan/contracts';
import type { PackageType } from '../platform-configuration/platform-settings.js';

const SUPPLIER_TYPES: readonly number[] = [SubscriptionType.Seller, SubscriptionType.ProcurementSeller];

export function packageTypeOf(subscriptionType: number | null): PackageType {
  return subscriptionType !== null && SUPPLIER_TYPES.includes(subscriptionType) ? 'supplier' : 'subcontractor';
}
