// Enumerations of signed-in-area.md §3.1 with the spec's numbers.

export const SubscriptionType = {
  Buyer: 1,
  Seller: 2,
  BuyerSeller: 3,
  Developer: 4,
  DeveloperBuyer: 5,
  Consultant: 6,
  BuyerLite: 7,
  ProcurementBuyer: 11,
  ProcurementSeller: 12,
  EBuild: 13,
  CidbContractor: 14,
} as const;
export type SubscriptionTypeValue = (typeof SubscriptionType)[keyof typeof SubscriptionType];

/** Package types and tiers (subscription detail type). */
export const SubscriptionDetailType = {
  Subcontractor: 'subcontractor',
  Supplier: 'supplier',
  Basic: 'basic',
  Advanced: 'advanced',
  Elite: 'elite',
} as const;

export const CompanySubmissionStatus = { InProgress: 1, Submitted: 2, Approved: 3, Archived: 4 } as const;
export type CompanySubmissionStatusValue = (typeof CompanySubmissionStatus)[keyof typeof CompanySubmissionStatus];

export const CompanyRoleStatus = { Pending: 1, Active: 2, Rejected: 3, Inactive: 4 } as const;

export const UserType = { User: 1, Admin: 2 } as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

export const ProjectType = { Owner: 1, Supplier: 2, Developer: 3 } as const;

/** The legal form a company registers with (SSM's entity types as a company secretary names them). */
export const CompanyType = { SoleProprietor: 1, Partnership: 2, PrivateLimited: 3, PublicLimited: 4, Others: 5 } as const;
export type CompanyTypeValue = (typeof CompanyType)[keyof typeof CompanyType];

/** Malaysian states and federal territories (spec §3.1, with its numbers). */
export const MalaysianState = {
  Selangor: 1,
  KualaLumpur: 2,
  PulauPinang: 3,
  Malacca: 4,
  Johor: 5,
  Labuan: 10,
  Putrajaya: 11,
  Kedah: 13,
  Kelantan: 14,
  NegeriSembilan: 16,
  Pahang: 17,
  Perak: 18,
  Perlis: 19,
  Sabah: 21,
  Sarawak: 22,
  Terengganu: 24,
} as const;
export type MalaysianStateValue = (typeof MalaysianState)[keyof typeof MalaysianState];

/** CIDB contractor grades G1 to G7 (values 1 to 7). */
export const CONTRACTOR_GRADES = [1, 2, 3, 4, 5, 6, 7] as const;

/** CIDB contractor specialisations (spec §3.1). */
export const ContractorSpecialisation = { Building: 1, CivilEngineering: 2, MechanicalAndElectrical: 3, FacilityManagement: 4 } as const;
