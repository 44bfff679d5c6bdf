// The public contractor directory (public-area.md §2.1, signed-in-area.md §2.5 "contractor search"): approved
// companies that chose to be listed, found by trade, state and name, and the company setting that lists one
// (apps/api/src/companies/README.md). Only what a company shows the public: never a person's name, e-mail or phone.

import { ContractorSpecialisation, SubscriptionType } from './enumerations.js';

/** What a listed company offers: the CIDB specialisations, supply (sellers) and consultancy. */
export const DIRECTORY_TRADES = [
  'building',
  'civilEngineering',
  'mechanicalElectrical',
  'facilityManagement',
  'supply',
  'consultancy',
] as const;
export type DirectoryTrade = (typeof DIRECTORY_TRADES)[number];

const SPECIALISATION_TRADES: Readonly<Record<number, DirectoryTrade>> = {
  [ContractorSpecialisation.Building]: 'building',
  [ContractorSpecialisation.CivilEngineering]: 'civilEngineering',
  [ContractorSpecialisation.MechanicalAndElectrical]: 'mechanicalElectrical',
  [ContractorSpecialisation.FacilityManagement]: 'facilityManagement',
};
const SELLER_TYPES: readonly number[] = [SubscriptionType.Seller, SubscriptionType.BuyerSeller, SubscriptionType.ProcurementSeller];

/**
 * The trades a company is found under, in DIRECTORY_TRADES order, from what it registered with: a CIDB
 * contractor's specialisations, supply for the seller subscriptions, consultancy for a consultant. A buyer or
 * developer offers none, so it has nothing to be listed for.
 */
export function directoryTradesOf(company: {
  subscriptionType: number;
  cidbSpecialisations?: readonly number[] | undefined;
}): DirectoryTrade[] {
  const trades = new Set<DirectoryTrade>();
  if (company.subscriptionType === SubscriptionType.CidbContractor) {
    for (const specialisation of company.cidbSpecialisations ?? []) {
      const trade = SPECIALISATION_TRADES[specialisation];
      if (trade) trades.add(trade);
    }
  }
  if (SELLER_TYPES.includes(company.subscriptionType)) trades.add('supply');
  if (company.subscriptionType === SubscriptionType.Consultant) trades.add('consultancy');
  return DIRECTORY_TRADES.filter((trade) => trades.has(trade));
}

/** A page holds at most this many companies; without `limit`, the default. */
export const DIRECTORY_PAGE_MAX = 50;
export const DIRECTORY_PAGE_DEFAULT = 12;
export const DIRECTORY_QUERY_MAX = 100;
export const DIRECTORY_REASON_MAX = 500;

/** One company of GET /api/public/contractors. `state`: MalaysianState (0 when it registered none). */
export type ContractorDirectoryEntry = {
  id: string;
  name: string;
  trades: DirectoryTrade[];
  state: number;
  town: string;
  cidbGrade: number | null;
  website: string | null;
};

/**
 * GET /api/public/contractors?trade=&state=&q=&after=&limit=: by name, then id. `next` is the `after` of the
 * following page, null on the last one (no count of the whole set is made).
 */
export type ContractorDirectoryPage = { items: ContractorDirectoryEntry[]; next: string | null };

/** PUT /api/company/directory-listing: list the chosen company, or take it off, and why. */
export type DirectoryListingInput = { listed: boolean; reason: string };

/** GET /api/company/directory-listing: the chosen company's setting, and whether the public sees it now. */
export type DirectoryListingView = {
  listed: boolean;
  /** Listed, approved and offering a trade: what the public directory shows. */
  shown: boolean;
  approved: boolean;
  trades: DirectoryTrade[];
  /** The last change: when, by whom (their name, for the company's own people), why. Null while never changed. */
  changedAt: string | null;
  changedBy: string | null;
  reason: string | null;
  revision: number;
};

/** The field errors of a listing change, by field, as the api answers them under `fields`. */
export function directoryListingErrors(input: unknown): Record<string, string[]> {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Partial<Record<keyof DirectoryListingInput, unknown>>;
  const errors: Record<string, string[]> = {};
  if (typeof body.listed !== 'boolean') errors.listed = ['required'];
  if (typeof body.reason !== 'string' || body.reason.trim() === '') errors.reason = ['required'];
  else if (body.reason.length > DIRECTORY_REASON_MAX) errors.reason = ['tooLong'];
  return errors;
}
