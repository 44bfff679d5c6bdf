// Who a company is (signed-in-area.md §2.5 profile tabs, §3 labels, §5.3 rules): its information beyond the
// registration, its shareholders and directors, its machinery and equipment, its project track record, and what
// it shares with the companies it deals with. The shapes the api answers and the ui sends, and the rules both
// check: each field's own error code (ErrorCodes, translated as `error.<code>`), and the rules that span tabs,
// checked when the company submits (apps/api/src/companies/README.md, "The company profile").

import type { AccessRight } from './access-rights.js';
import { CompanyType } from './enumerations.js';
import { ErrorCodes } from './error-codes.js';

/** The lists of entries a profile keeps, each a tab of its own. */
export const PROFILE_LISTS = ['shareholders', 'directors', 'machinery', 'trackRecord'] as const;
export type ProfileList = (typeof PROFILE_LISTS)[number];
/** The lists whose entries name a person (personal data: sealed, exported, forgotten; identity numbers masked). */
export const PERSON_LISTS = ['shareholders', 'directors'] as const satisfies readonly ProfileList[];
export const isPersonList = (list: string): list is (typeof PERSON_LISTS)[number] => (PERSON_LISTS as readonly string[]).includes(list);
/** The lists read a page at a time, searched (they grow with the company: a fleet, years of projects). */
export const PAGED_LISTS = ['machinery', 'trackRecord'] as const satisfies readonly ProfileList[];
export type PagedList = (typeof PAGED_LISTS)[number];
/** Shareholders and directors are a handful: the profile holds them whole, up to this many each. */
export const MAX_PEOPLE_PER_LIST = 100;

/**
 * Who may read the chosen company's machinery as suggestions for a line (GET /api/company/machinery): those who
 * see the profile, and those who raise a machine request (a procurement document: procurement.update). A
 * machine's brand, model and type are no secret from its own company's buyers; nothing else of the profile is
 * opened to them.
 */
export const MACHINERY_READ_RIGHTS = [
  'administration.companyProfile.view',
  'administration.companyProfile.update',
  'procurement.update',
] as const satisfies readonly AccessRight[];

/** The tabs a company may share with its counterparties (the submission status is never shared). */
export const SHAREABLE_TABS = ['information', 'registration', 'shareholders', 'directors', 'machinery', 'trackRecord'] as const;
export type ShareableTab = (typeof SHAREABLE_TABS)[number];
/** Shared until the company chooses otherwise: what a buyer needs to judge a seller, nothing of a person. */
export const DEFAULT_SHARED_TABS: readonly ShareableTab[] = ['information', 'registration', 'machinery', 'trackRecord'];

export const PersonIdType = { MyKad: 'mykad', Passport: 'passport' } as const;
export type PersonIdTypeValue = (typeof PersonIdType)[keyof typeof PersonIdType];
export const TrackRecordStatus = { Completed: 1, InProgress: 2, Future: 3 } as const;
export type TrackRecordStatusValue = (typeof TrackRecordStatus)[keyof typeof TrackRecordStatus];

/** The company information tab's own fields (name, type, numbers and address are the registration's). */
export type CompanyInformationInput = {
  description: string;
  /** Ringgit, two decimals at most. */
  paidUpCapital: number | null;
  authorisedCapital: number | null;
  /** YYYY-MM-DD, not after today. */
  dateIncorporated: string | null;
};
export const EMPTY_COMPANY_INFORMATION: CompanyInformationInput = {
  description: '',
  paidUpCapital: null,
  authorisedCapital: null,
  dateIncorporated: null,
};

/** A person in the company: a shareholder (owner, partner) or a director. */
export type PersonFields = { name: string; idType: PersonIdTypeValue; idNumber: string; address: string; designation: string };
export type ShareholderInput = PersonFields & { sharePercent: number };
export type DirectorInput = PersonFields & { appointedDate: string | null };
export type MachineryInput = { brand: string; model: string; capacity: string; type: string; quantity: number; yearMade: number | null };
export type TrackRecordInput = {
  name: string;
  location: string;
  address: string;
  type: string;
  startDate: string;
  endDate: string | null;
  details: string;
  contractSum: number;
  client: string;
  status: TrackRecordStatusValue;
};
export type ProfileEntryInput = {
  shareholders: ShareholderInput;
  directors: DirectorInput;
  machinery: MachineryInput;
  trackRecord: TrackRecordInput;
};

/** An entry as the api answers it: its fields (an identity number masked unless the caller administers the company). */
export type ProfileEntry<L extends ProfileList = ProfileList> = ProfileEntryInput[L] & { id: string; addedAt: string; changedAt: string };

/** A rule that spans tabs, broken: checked at Submit and shown on the profile until kept. */
export type ProfileProblem = { tab: ProfileList; code: string };

/** GET /api/company/profile (own), GET /api/company/profiles/:id (the platform administrator; a counterparty: shared tabs only). */
export type CompanyProfileView = {
  companyId: string;
  name: string;
  companyType: number;
  /** The tabs in this view: all of them for the company and the platform administrator, the shared ones for anyone else. */
  tabs: ShareableTab[];
  information: CompanyInformationInput | null;
  /** The registration's details a counterparty may see (null when the tab is not shared). */
  registration: {
    name: string;
    displayName: string;
    companyType: number;
    registrationNo: string;
    registrationNoNew: string;
    sstNo: string | null;
    address: { line1: string; line2?: string; city: string; postcode: string; state: number; country: 'MY' };
    phone: string;
    fax: string | null;
    website: string | null;
  } | null;
  shareholders: ProfileEntry<'shareholders'>[] | null;
  directors: ProfileEntry<'directors'>[] | null;
  /** Whether identity numbers are shown whole (the company's administrators) or masked. */
  idNumbersMasked: boolean;
  sharing: { tabs: ShareableTab[]; changedAt: string | null; changedBy: string | null; reason: string | null };
  /** The rules that span tabs as they stand now (empty: Submit will pass them). */
  problems: ProfileProblem[];
  /** Whether the caller may change the profile. */
  editable: boolean;
  revision: number;
};

/** GET /api/company/profile/:list (machinery, trackRecord): keyset pages by name, `next` given back as `after`. */
export type ProfileEntryPage<L extends ProfileList = ProfileList> = { items: ProfileEntry<L>[]; next: string | null };

/** A step of the profile's history: who changed what, when and why. */
export type ProfileHistoryStep = {
  revision: number;
  at: string;
  byName: string | null;
  event: 'InformationEdited' | 'EntryAdded' | 'EntryEdited' | 'EntryRemoved' | 'SharingChanged' | 'PersonForgotten';
  list: ProfileList | null;
  entryId: string | null;
  label: string | null;
  reason: string | null;
};
export type ProfileHistoryPage = { items: ProfileHistoryStep[]; next: string | null };

export type ProfileSharingInput = { tabs: ShareableTab[]; reason: string };
export type ProfileReasonInput = { reason: string };

/** An identity number as others see it: all but its last four characters hidden. */
export function maskIdNumber(value: string): string {
  if (value.length <= 4) return '•'.repeat(value.length);
  return '•'.repeat(value.length - 4) + value.slice(-4);
}

/** A MyKad number: 12 digits (dashes allowed), a real birth date (YYMMDD) and a birth-place code other than 00. */
export function isMyKadNumber(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})-?(\d{2})-?(\d{4})$/.exec(value);
  if (!match) return false;
  const [month, day, place] = [Number(match[2]), Number(match[3]), match[4]];
  if (month < 1 || month > 12 || day < 1 || place === '00') return false;
  return day <= new Date(Date.UTC(2000, month, 0)).getUTCDate();
}

/** A passport number as issuing states print it: 6 to 20 letters and digits. */
export const isPassportNumber = (value: string) => /^[A-Za-z0-9]{6,20}$/.test(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const today = (now: Date) => now.toISOString().slice(0, 10);
/** Ringgit: not negative, two decimals at most, below a trillion. */
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= 0 &&
  value < 1e12 &&
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

type Errors = Record<string, string[]>;
function collector() {
  const errors: Errors = {};
  const fail = (field: string, code: string) => void (errors[field] ??= []).push(code);
  const text = (input: Record<string, unknown>, field: string, max: number, required: boolean) => {
    const value = input[field];
    if (value === undefined && !required) return;
    if (typeof value !== 'string') return fail(field, ErrorCodes.fieldRequired);
    if (value.length > max) return fail(field, ErrorCodes.fieldTooLong);
    if (required && value.trim() === '') fail(field, ErrorCodes.fieldRequired);
  };
  return { errors, fail, text };
}

export function companyInformationErrors(input: Partial<CompanyInformationInput>, now: Date = new Date()): Errors {
  const { errors, fail, text } = collector();
  const raw = input as Record<string, unknown>;
  // Every field is sent (null when not known): a body without them is not this tab's.
  text(raw, 'description', 4000, true);
  if (raw.description === '') delete errors.description;
  for (const field of ['paidUpCapital', 'authorisedCapital', 'dateIncorporated'] as const)
    if (input[field] === undefined) fail(field, ErrorCodes.fieldRequired);
  for (const field of ['paidUpCapital', 'authorisedCapital'] as const)
    if (input[field] !== null && input[field] !== undefined && !isAmount(input[field])) fail(field, ErrorCodes.invalidAmount);
  if (isAmount(input.paidUpCapital) && isAmount(input.authorisedCapital) && input.paidUpCapital > input.authorisedCapital)
    fail('paidUpCapital', ErrorCodes.paidUpOverAuthorised);
  if (input.dateIncorporated !== null && input.dateIncorporated !== undefined) {
    if (!isDate(input.dateIncorporated)) fail('dateIncorporated', ErrorCodes.invalidDate);
    else if (input.dateIncorporated > today(now)) fail('dateIncorporated', ErrorCodes.dateAfterToday);
  }
  return errors;
}

function personErrors(input: Partial<PersonFields>, collect: ReturnType<typeof collector>): void {
  const { fail, text } = collect;
  const raw = input as Record<string, unknown>;
  text(raw, 'name', 200, true);
  text(raw, 'address', 500, true);
  text(raw, 'designation', 100, true);
  if (input.idType !== PersonIdType.MyKad && input.idType !== PersonIdType.Passport) fail('idType', ErrorCodes.fieldRequired);
  if (typeof input.idNumber !== 'string' || input.idNumber.trim() === '') fail('idNumber', ErrorCodes.fieldRequired);
  else if (input.idType === PersonIdType.MyKad && !isMyKadNumber(input.idNumber.trim())) fail('idNumber', ErrorCodes.invalidMyKad);
  else if (input.idType === PersonIdType.Passport && !isPassportNumber(input.idNumber.trim()))
    fail('idNumber', ErrorCodes.invalidPassportNo);
}

/** An entry's field errors, by field (each an error code). */
export function profileEntryErrors<L extends ProfileList>(list: L, input: Partial<ProfileEntryInput[L]>, now: Date = new Date()): Errors {
  const collect = collector();
  const { errors, fail, text } = collect;
  const raw = input as Record<string, unknown>;
  switch (list) {
    case 'shareholders': {
      personErrors(raw, collect);
      const share = raw.sharePercent;
      if (
        typeof share !== 'number' ||
        !Number.isFinite(share) ||
        share <= 0 ||
        share > 100 ||
        Math.abs(Math.round(share * 100) - share * 100) > 1e-6
      )
        fail('sharePercent', ErrorCodes.sharePercentOutOfRange);
      break;
    }
    case 'directors': {
      personErrors(raw, collect);
      const date = raw.appointedDate;
      if (date !== null && date !== undefined) {
        if (!isDate(date)) fail('appointedDate', ErrorCodes.invalidDate);
        else if (date > today(now)) fail('appointedDate', ErrorCodes.dateAfterToday);
      }
      break;
    }
    case 'machinery': {
      for (const field of ['brand', 'model', 'type']) text(raw, field, 100, true);
      text(raw, 'capacity', 100, false);
      if (!Number.isInteger(raw.quantity) || (raw.quantity as number) < 1 || (raw.quantity as number) > 100_000)
        fail('quantity', ErrorCodes.invalidQuantity);
      if (
        raw.yearMade !== null &&
        raw.yearMade !== undefined &&
        (!Number.isInteger(raw.yearMade) || (raw.yearMade as number) < 1900 || (raw.yearMade as number) > now.getUTCFullYear())
      )
        fail('yearMade', ErrorCodes.invalidYear);
      break;
    }
    case 'trackRecord': {
      for (const field of ['name', 'location', 'type', 'client']) text(raw, field, 200, true);
      text(raw, 'address', 500, false);
      text(raw, 'details', 4000, false);
      if (!isAmount(raw.contractSum)) fail('contractSum', ErrorCodes.invalidAmount);
      const status = raw.status;
      if (status !== TrackRecordStatus.Completed && status !== TrackRecordStatus.InProgress && status !== TrackRecordStatus.Future)
        fail('status', ErrorCodes.fieldRequired);
      if (!isDate(raw.startDate)) fail('startDate', ErrorCodes.invalidDate);
      if (raw.endDate !== null && raw.endDate !== undefined && !isDate(raw.endDate)) fail('endDate', ErrorCodes.invalidDate);
      const [start, end] = [raw.startDate, raw.endDate] as [string, string | null | undefined];
      if (isDate(start) && isDate(end) && end < start) fail('endDate', ErrorCodes.endBeforeStart);
      // What the status says must agree with the dates: a completed project has ended, a future one not begun.
      if (status === TrackRecordStatus.Completed) {
        if (!isDate(end)) fail('endDate', ErrorCodes.fieldRequired);
        else if (end > today(now)) fail('endDate', ErrorCodes.dateAfterToday);
      }
      if (status === TrackRecordStatus.Future && isDate(start) && start <= today(now)) fail('startDate', ErrorCodes.dateNotAfterToday);
      if (status === TrackRecordStatus.InProgress && isDate(start) && start > today(now)) fail('startDate', ErrorCodes.dateAfterToday);
      break;
    }
  }
  return errors;
}

export function profileSharingErrors(input: Partial<ProfileSharingInput>): Errors {
  const { errors, fail, text } = collector();
  const tabs = input.tabs;
  if (
    !Array.isArray(tabs) ||
    tabs.some((tab) => !(SHAREABLE_TABS as readonly unknown[]).includes(tab)) ||
    new Set(tabs).size !== tabs.length
  )
    fail('tabs', ErrorCodes.fieldRequired);
  text(input, 'reason', 500, true);
  return errors;
}

export function reasonErrors(input: Partial<ProfileReasonInput> | undefined): Errors {
  const { errors, text } = collector();
  text(input ?? {}, 'reason', 500, true);
  return errors;
}

/** Hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const shareHundredths = (percent: number) => Math.round(percent * 100);

/**
 * The rules that span tabs (§5.3), by legal form (apps/api/src/companies/README.md): a sole proprietor has
 * exactly one owner, holding everything; a partnership at least one partner; a company (Sdn Bhd, Bhd, others)
 * at least one shareholder and one director. Shares always total 100. Each broken rule once, in that order.
 */
export function profileProblems(
  companyType: number,
  shareholders: readonly { sharePercent: number }[],
  directors: readonly unknown[],
): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const owners = shareholders.length;
  if (companyType === CompanyType.SoleProprietor) {
    if (owners !== 1) problems.push({ tab: 'shareholders', code: ErrorCodes.soleProprietorOneOwner });
  } else if (companyType === CompanyType.Partnership) {
    if (owners < 1) problems.push({ tab: 'shareholders', code: ErrorCodes.partnershipNeedsPartner });
  } else {
    if (owners < 1) problems.push({ tab: 'shareholders', code: ErrorCodes.shareholderRequired });
    if (directors.length < 1) problems.push({ tab: 'directors', code: ErrorCodes.directorRequired });
  }
  if (owners > 0 && shareholders.reduce((sum, holder) => sum + shareHundredths(holder.sharePercent), 0) !== 10_000)
    problems.push({ tab: 'shareholders', code: ErrorCodes.sharesNotHundred });
  return problems;
}
