// A company's terms and agreements: `companyTerms-<companyId>`, its published versions and each member's
// acceptance of one (who: the event's actor and `userId`; when: its time; which: `version`).
export const TERMS_STREAM_TYPE = 'companyTerms';
export const termsStream = (companyId: string) => `${TERMS_STREAM_TYPE}-${companyId}`;

export type CompanyTermsEvent =
  | { type: 'CompanyTermsPublished'; data: { companyId: string; version: number; title: string; contents: string; reason: string | null } }
  | { type: 'CompanyTermsAccepted'; data: { companyId: string; version: number; userId: string } };

export const TERMS_EVENT_TYPES = ['CompanyTermsPublished', 'CompanyTermsAccepted'] as const;
