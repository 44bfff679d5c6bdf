// What a company is when it joins, and how its people and roles are kept (signed-in-area.md §2.3, §2.5,
// §3, §5.2, §5.3, §6): the shapes the api answers and the ui sends, and the rules both check.

import { CONTRACTOR_GRADES, CompanyType, ContractorSpecialisation, MalaysianState, SubscriptionType } from './enumerations.js';
import { isEmail, normalisePhone } from './validation-rules.js';

export const COMPANY_CODE_MAX_LENGTH = 5;
/** At most 5 roles a user (spec §5.3, §9). */
export const MAX_ROLES_PER_USER = 5;

/**
 * SSM's registration number since 2019: 12 digits, the year of registration (4), the entity type (2: 01 local
 * company, 02 foreign company, 03 business, 04 LLP, 05 foreign LLP, 06 professional LLP) and a serial (6).
 */
export function isSsmNewRegistrationNumber(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{4})(\d{2})(\d{6})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const entityType = Number(match[2]);
  return year >= 1900 && year <= now.getUTCFullYear() && entityType >= 1 && entityType <= 6 && match[3] !== '000000';
}

/** The SST registration number the Royal Malaysian Customs issues: a letter, 2 digits, 4 digits, 8 digits (W10-1808-32000001). */
export function isSstNumber(value: string): boolean {
  return /^[A-Z]\d{2}-\d{4}-\d{8}$/.test(value);
}

/** A company code: 1 to 5 letters or digits, kept in upper case. */
export function isCompanyCode(value: string): boolean {
  return /^[A-Za-z0-9]{1,5}$/.test(value);
}

/** Malaysian postcodes have 5 digits. */
export function isPostcode(value: string): boolean {
  return /^\d{5}$/.test(value);
}

export type CompanyTypeName = keyof typeof CompanyType;
export const COMPANY_TYPES = Object.values(CompanyType);
export const MALAYSIAN_STATES = Object.values(MalaysianState);
export const CONTRACTOR_SPECIALISATIONS = Object.values(ContractorSpecialisation);
export const SUBSCRIPTION_TYPES = Object.values(SubscriptionType);

/** What a company registers with (POST /api/company/registrations; PUT to edit while in progress). */
export type CompanyRegistrationInput = {
  name: string;
  displayName: string;
  companyType: number;
  /** The old SSM form, e.g. 1234567-A (spec §5.2). */
  registrationNo: string;
  /** The 12-digit SSM number, e.g. 202001012345. */
  registrationNoNew: string;
  sstNo?: string;
  companyCode: string;
  address: { line1: string; line2?: string; city: string; postcode: string; state: number; country: 'MY' };
  phone: string;
  fax?: string;
  website?: string;
  subscriptionType: number;
  /** CIDB contractors (subscription type 14) only: grade 1 to 7 and at least one specialisation. */
  cidbGrade?: number;
  cidbSpecialisations?: number[];
};

/** The field errors of a registration, by field name, as the api answers them under `fields`. */
export function companyRegistrationErrors(input: Partial<CompanyRegistrationInput>, now: Date = new Date()): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, key: string) => (errors[field] ??= []).push(key);
  const text = (value: unknown, max: number) => typeof value === 'string' && value.trim() !== '' && value.length <= max;
  if (!text(input.name, 200)) fail('name', 'required');
  if (!text(input.displayName, 200)) fail('displayName', 'required');
  if (!COMPANY_TYPES.includes(input.companyType as never)) fail('companyType', 'required');
  if (typeof input.registrationNo !== 'string' || !/^\d{1,10}-[A-Za-z0-9]{1,3}$/.test(input.registrationNo.trim()))
    fail('registrationNo', 'invalidRegistrationNo');
  if (typeof input.registrationNoNew !== 'string' || !isSsmNewRegistrationNumber(input.registrationNoNew.trim(), now))
    fail('registrationNoNew', 'invalidRegistrationNoNew');
  if (
    input.sstNo !== undefined &&
    input.sstNo !== '' &&
    (typeof input.sstNo !== 'string' || !isSstNumber(input.sstNo.trim().toUpperCase()))
  )
    fail('sstNo', 'invalidSstNo');
  if (typeof input.companyCode !== 'string' || !isCompanyCode(input.companyCode.trim())) fail('companyCode', 'invalidCompanyCode');
  const address = input.address;
  if (!address || typeof address !== 'object') fail('address', 'required');
  else {
    if (!text(address.line1, 200)) fail('address.line1', 'required');
    if (address.line2 !== undefined && (typeof address.line2 !== 'string' || address.line2.length > 200)) fail('address.line2', 'tooLong');
    if (!text(address.city, 100)) fail('address.city', 'required');
    if (typeof address.postcode !== 'string' || !isPostcode(address.postcode.trim())) fail('address.postcode', 'invalidPostcode');
    if (!MALAYSIAN_STATES.includes(address.state as never)) fail('address.state', 'required');
    if (address.country !== 'MY') fail('address.country', 'required');
  }
  if (typeof input.phone !== 'string' || normalisePhone(input.phone) === null) fail('phone', 'invalidPhone');
  if (input.fax !== undefined && input.fax !== '' && (typeof input.fax !== 'string' || normalisePhone(input.fax) === null))
    fail('fax', 'invalidPhone');
  if (
    input.website !== undefined &&
    input.website !== '' &&
    (typeof input.website !== 'string' || input.website.length > 200 || !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(input.website))
  )
    fail('website', 'invalidWebsite');
  if (!SUBSCRIPTION_TYPES.includes(input.subscriptionType as never)) fail('subscriptionType', 'required');
  if (input.subscriptionType === SubscriptionType.CidbContractor) {
    if (!CONTRACTOR_GRADES.includes(input.cidbGrade as never)) fail('cidbGrade', 'required');
    const specs = input.cidbSpecialisations;
    if (
      !Array.isArray(specs) ||
      specs.length === 0 ||
      specs.length > CONTRACTOR_SPECIALISATIONS.length ||
      specs.some((s) => !CONTRACTOR_SPECIALISATIONS.includes(s as never)) ||
      new Set(specs).size !== specs.length
    ) {
      fail('cidbSpecialisations', 'required');
    }
  }
  return errors;
}

export type CompanySubmissionStatusName = 'inProgress' | 'submitted' | 'approved' | 'archived';

/**
 * One step of a company's history (who did what, when, why): its submission's steps (the machine's event
 * names), and each time the platform administrator opened the company (PLATFORM_ADMINISTRATOR_OPENED, the
 * status unchanged).
 */
export type CompanySubmissionStep = {
  event: string;
  statusBefore: string | null;
  statusAfter: string;
  at: string;
  byUserId: string;
  byName: string | null;
  remark: string | null;
};

export const PLATFORM_ADMINISTRATOR_OPENED = 'PlatformAdministratorOpened';

/** GET /api/company/registrations/:id: the company as it registered, its status and who registered it. */
export type CompanyRegistrationView = {
  id: string;
  details: CompanyRegistrationInput;
  status: CompanySubmissionStatusName;
  registeredAt: string;
  registeredBy: { userId: string; name: string | null; email: string | null };
  submittedAt: string | null;
  /** The last remark of a rejection, while the company is in progress again. */
  lastRemark: string | null;
  history: CompanySubmissionStep[];
  /** What the caller may do now: Submit (the company), Approve and Reject (a platform administrator), Edit. */
  availableActions: string[];
  revision: number;
};

/** A row of the platform administrator's review queue (GET /api/company/registrations). */
export type CompanyRegistrationRow = {
  id: string;
  name: string;
  registrationNo: string;
  registrationNoNew: string;
  subscriptionType: number;
  status: CompanySubmissionStatusName;
  registeredAt: string;
  submittedAt: string | null;
};

/** A company member's status (the user machine: pending, activated, suspended, deactivated, terminated). */
export type CompanyMemberStatus = 'pending' | 'activated' | 'suspended' | 'deactivated' | 'terminated';
/** A role assignment's status (the company role machine). */
export type CompanyRoleAssignmentStatus = 'pending' | 'active' | 'rejected' | 'inactive';

/** A row of GET /api/company/users (filter.status: "active" = activated, "pending", or any member status). */
export type CompanyMemberRow = {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  status: CompanyMemberStatus;
  isSiteTeam: boolean;
  roles: { roleId: string; name: string; status: CompanyRoleAssignmentStatus }[];
  invitedAt: string;
  /** Member actions the caller may take now (Activate, Suspend, Deactivate, Terminate, Reject). */
  availableActions: string[];
};

/** POST /api/company/users/invite. */
export type CompanyInviteInput = { email: string; name: string; roleIds: string[]; isSiteTeam?: boolean };
export type CompanyInviteReply = { success: true; id: string; status: CompanyMemberStatus; linkedExistingAccount: boolean };

export function companyInviteErrors(input: Partial<CompanyInviteInput>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (typeof input.email !== 'string' || input.email.trim() === '' || !isEmail(input.email.trim())) errors.email = ['invalidEmail'];
  if (typeof input.name !== 'string' || input.name.trim().length < 2 || input.name.length > 200) errors.name = ['required'];
  if (
    !Array.isArray(input.roleIds) ||
    input.roleIds.some((id) => typeof id !== 'string' || id.length > 64) ||
    new Set(input.roleIds).size !== input.roleIds.length
  )
    errors.roleIds = ['invalid'];
  else if (input.roleIds.length > MAX_ROLES_PER_USER) errors.roleIds = ['tooManyRoles'];
  if (input.isSiteTeam !== undefined && typeof input.isSiteTeam !== 'boolean') errors.isSiteTeam = ['invalid'];
  return errors;
}

/** A role of the company: a named set of access rights (GET /api/company/roles). */
export type CompanyRoleRow = { id: string; name: string; accessRights: string[]; status: 'active' | 'retired'; holders: number };
export type CompanyRoleInput = { name: string; accessRights: string[] };
