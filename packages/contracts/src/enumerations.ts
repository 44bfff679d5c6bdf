// Enumerations of signed-in-area.md §3.1 with the spec's numbers.

export const SubscriptionType = {
  Buyer: 1, Seller: 2, BuyerSeller: 3, Developer: 4, DeveloperBuyer: 5, Consultant: 6, BuyerLite: 7,
  ProcurementBuyer: 11, ProcurementSeller: 12, EBuild: 13, CidbContractor: 14,
} as const;
export type SubscriptionTypeValue = (typeof SubscriptionType)[keyof typeof SubscriptionType];

/** Package types and tiers (subscription detail type). */
export const SubscriptionDetailType = { Subcontractor: 'subcontractor', Supplier: 'supplier', Basic: 'basic', Advanced: 'advanced', Elite: 'elite' } as const;

export const CompanySubmissionStatus = { InProgress: 1, Submitted: 2, Approved: 3, Archived: 4 } as const;
export type CompanySubmissionStatusValue = (typeof CompanySubmissionStatus)[keyof typeof CompanySubmissionStatus];

export const CompanyRoleStatus = { Pending: 1, Active: 2, Rejected: 3, Inactive: 4 } as const;

export const UserType = { User: 1, Admin: 2 } as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

export const ProjectType = { Owner: 1, Supplier: 2, Developer: 3 } as const;
