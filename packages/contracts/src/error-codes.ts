// Error codes the API answers with (`{ success: false, errorCode, errorMessage }`). The ui translates
// `error.<code>`. Codes are stable identifiers: add new ones, never rename.
export const ErrorCodes = {
  validationFailed: 'validationFailed',
  notFound: 'notFound',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  wrongExpectedRevision: 'wrongExpectedRevision',
  internal: 'internal',
  tooManyRequests: 'tooManyRequests',
  /** 503 with Retry-After: the database cannot be reached for now (nothing the caller did). */
  storeUnavailable: 'storeUnavailable',
  // Account access (public-area.md §8, signed-in-area.md §8.3). Messages: ui/src i18n `error.<code>`.
  humanCheckFailed: 'humanCheckFailed',
  invalidMobile: 'invalidMobile',
  invalidCompanyName: 'invalidCompanyName',
  invalidEmail: 'invalidEmail',
  weakPassword: 'weakPassword',
  passwordMismatch: 'passwordMismatch',
  newPasswordSameAsOld: 'newPasswordSameAsOld',
  oldPasswordIncorrect: 'oldPasswordIncorrect',
  mobileNumberExists: 'mobileNumberExists',
  userExist: 'userExist',
  mobileNotVerified: 'mobileNotVerified',
  codeMismatch: 'codeMismatch',
  codeExpired: 'codeExpired',
  codeAttemptsExceeded: 'codeAttemptsExceeded',
  codeResendTooSoon: 'codeResendTooSoon',
  codeRequestLimit: 'codeRequestLimit',
  invalidActivationCode: 'invalidActivationCode',
  invalidToken: 'invalidToken',
  incorrectCredentials: 'incorrectCredentials',
  accountPendingActivation: 'accountPendingActivation',
  accountLocked: 'accountLocked',
  accountNotActive: 'accountNotActive',
  accountSuspended: 'accountSuspended',
  accountAlreadySuspended: 'accountAlreadySuspended',
  accountNotSuspended: 'accountNotSuspended',
  cannotSuspendSelf: 'cannotSuspendSelf',
  adminRightMissing: 'adminRightMissing',
  cannotChangeOwnRights: 'cannotChangeOwnRights',
  sessionExpired: 'sessionExpired',
  showEula: 'ShowEula',
  passwordChangeRequired: 'passwordChangeRequired',
  readOnlyToken: 'readOnlyToken',
  noAccessRight: 'noAccessRight',
  alreadyRespondedInvitation: 'alreadyRespondedInvitation',
  // Events and certificates (apps/api/src/certificates/README.md).
  articleNotFound: 'articleNotFound',
  articleNotPublished: 'articleNotPublished',
  articleAlreadyPublished: 'articleAlreadyPublished',
  registrationClosed: 'registrationClosed',
  participantNotFound: 'participantNotFound',
  unknownTicket: 'unknownTicket',
  ticketForOtherEvent: 'ticketForOtherEvent',
  alreadyCheckedIn: 'alreadyCheckedIn',
  alreadyCheckedOut: 'alreadyCheckedOut',
  notCheckedIn: 'notCheckedIn',
  attendanceRuleNotMet: 'attendanceRuleNotMet',
  certificateNotFound: 'certificateNotFound',
  certificateAlreadyIssued: 'certificateAlreadyIssued',
  certificateNotApproved: 'certificateNotApproved',
  certificateAlreadyApproved: 'certificateAlreadyApproved',
  certificateRevoked: 'certificateRevoked',
  /** 503: the mail server did not take the message; nothing was recorded, so the call can be repeated. */
  mailDeliveryFailed: 'mailDeliveryFailed',
  // Tendering (apps/api/src/tendering/README.md).
  tenderNotFound: 'tenderNotFound',
  tenderClosed: 'tenderClosed',
  tenderNotOpen: 'tenderNotOpen',
  sellerAlreadyInvited: 'sellerAlreadyInvited',
  tenderInvitationLimitReached: 'tenderInvitationLimitReached',
  inviteeIsOwnCompany: 'inviteeIsOwnCompany',
  quotationItemsMismatch: 'quotationItemsMismatch',
  quotationNotFound: 'quotationNotFound',
  // Tender queries, addenda and re-confirmation (apps/api/src/tendering/README.md).
  queryNotFound: 'queryNotFound',
  queryAlreadyAnswered: 'queryAlreadyAnswered',
  tenderNotActive: 'tenderNotActive',
  tenderAlreadyOpen: 'tenderAlreadyOpen',
  addendumEmpty: 'addendumEmpty',
  addendumLineNotFound: 'addendumLineNotFound',
  quotationAlreadyConfirmed: 'quotationAlreadyConfirmed',
  // Approved list of tenderers (apps/api/src/tendering/README.md).
  tendererAlreadyListed: 'tendererAlreadyListed',
  tendererNotFound: 'tendererNotFound',
  tendererWrongStatus: 'tendererWrongStatus',
  tenderInvitationNotFound: 'tenderInvitationNotFound',
  tenderInvitationUsed: 'tenderInvitationUsed',
  // Tender comparison, analysis and award (apps/api/src/tendering/README.md).
  tenderSealed: 'tenderSealed',
  tenderNotInComparison: 'tenderNotInComparison',
  sellerNotQuoted: 'sellerNotQuoted',
  quotationIncomplete: 'quotationIncomplete',
  analysisWeightsInvalid: 'analysisWeightsInvalid',
  analysisCriteriaNotSet: 'analysisCriteriaNotSet',
  // Tenders from a bill of quantity's items (apps/api/src/tendering/README.md).
  bqNotApproved: 'bqNotApproved',
  bqItemNotFound: 'bqItemNotFound',
  // Attachments on quotations and questions (apps/api/src/tendering/README.md, apps/api/src/files/README.md).
  attachmentNotFound: 'attachmentNotFound',
  attachmentExecutable: 'attachmentExecutable',
  attachmentTypeMismatch: 'attachmentTypeMismatch',
  attachmentsTotalTooLarge: 'attachmentsTotalTooLarge',
  queryNotAnswered: 'queryNotAnswered',
  // Companies joining, their people and roles (apps/api/src/companies/README.md).
  companyNotFound: 'companyNotFound',
  companyAlreadyRegistered: 'companyAlreadyRegistered',
  companyCodeTaken: 'companyCodeTaken',
  companyNotEditable: 'companyNotEditable',
  memberNotFound: 'memberNotFound',
  userAlreadyMember: 'userAlreadyMember',
  roleNotFound: 'roleNotFound',
  roleNameExists: 'roleNameExists',
  roleAlreadyAssigned: 'roleAlreadyAssigned',
  tooManyRoles: 'tooManyRoles',
  rightNotGrantable: 'rightNotGrantable',
  userSuspended: 'userSuspended',
  userDeactivated: 'userDeactivated',
  userTerminated: 'userTerminated',
  pendingUserCannotBeSuspended: 'pendingUserCannotBeSuspended',
  userAlreadySuspended: 'userAlreadySuspended',
  userAlreadyActivated: 'userAlreadyActivated',
  userAlreadyDeactivated: 'userAlreadyDeactivated',
  adminAlreadyExists: 'adminAlreadyExists',
  roleNotRetirable: 'roleNotRetirable',
  /** Only a company that offers a trade (a CIDB contractor, a seller, a consultant) is listed in the public directory. */
  noDirectoryTrade: 'noDirectoryTrade',
  /** Company files: no such document, over the company's total, a type the category does not take, a second logo, too many documents. */
  companyFileNotFound: 'companyFileNotFound',
  companyFilesTotalTooLarge: 'companyFilesTotalTooLarge',
  companyFileTypeNotAllowed: 'companyFileTypeNotAllowed',
  companyLogoExists: 'companyLogoExists',
  companyFilesTooMany: 'companyFilesTooMany',
  companyFileRemoved: 'companyFileRemoved',
  // The company profile's tabs (apps/api/src/companies/README.md, "The company profile"): a field's own rule.
  fieldRequired: 'fieldRequired',
  fieldTooLong: 'fieldTooLong',
  invalidAmount: 'invalidAmount',
  invalidDate: 'invalidDate',
  dateAfterToday: 'dateAfterToday',
  dateNotAfterToday: 'dateNotAfterToday',
  endBeforeStart: 'endBeforeStart',
  paidUpOverAuthorised: 'paidUpOverAuthorised',
  invalidMyKad: 'invalidMyKad',
  invalidPassportNo: 'invalidPassportNo',
  sharePercentOutOfRange: 'sharePercentOutOfRange',
  /** Adding or changing a shareholder would make the shares more than 100 percent. */
  sharesOverHundred: 'sharesOverHundred',
  invalidQuantity: 'invalidQuantity',
  invalidYear: 'invalidYear',
  tooManyPeople: 'tooManyPeople',
  profileEntryNotFound: 'profileEntryNotFound',
  companyArchived: 'companyArchived',
  // The rules that span the profile's tabs, checked when the company submits (each names its tab).
  sharesNotHundred: 'sharesNotHundred',
  soleProprietorOneOwner: 'soleProprietorOneOwner',
  partnershipNeedsPartner: 'partnershipNeedsPartner',
  shareholderRequired: 'shareholderRequired',
  directorRequired: 'directorRequired',
  // A company's setups and its terms (apps/api/src/company-setups/README.md).
  /** Spec §8.3 "item with the same name exists": a setup item's name (a profit parameter's code) is taken in the company, in any case. */
  itemNameExists: 'itemNameExists',
  setupItemNotFound: 'setupItemNotFound',
  setupItemStatusUnchanged: 'setupItemStatusUnchanged',
  setupItemInactive: 'setupItemInactive',
  questionnaireNotForTenders: 'questionnaireNotForTenders',
  /** A BQ build-up names a profit parameter the company does not have (unknown, or another company's). */
  profitParameterNotFound: 'profitParameterNotFound',
  /** A BQ build-up newly names a profit parameter that is inactive. */
  profitParameterInactive: 'profitParameterInactive',
  companyTermsNotAccepted: 'companyTermsNotAccepted',
  companyTermsVersionStale: 'companyTermsVersionStale',
  // A company's catalogue (apps/api/src/catalogue-items/README.md) and its Excel data import (next, with these codes).
  itemCodeExists: 'itemCodeExists',
  catalogueItemNotFound: 'catalogueItemNotFound',
  catalogueItemRetired: 'catalogueItemRetired',
  catalogueItemNotRetired: 'catalogueItemNotRetired',
  importTargetUnknown: 'importTargetUnknown',
  importNotXlsx: 'importNotXlsx',
  importMappingInvalid: 'importMappingInvalid',
  importRowsInvalid: 'importRowsInvalid',
  importTooManyRows: 'importTooManyRows',
  // The platform configuration and subscriptions (apps/api/src/platform-configuration, apps/api/src/subscriptions).
  settingNotFound: 'settingNotFound',
  settingUnchanged: 'settingUnchanged',
  /** Spec §8.3 "invalid subscription type": the package asked for is not one of the platform's. */
  invalidSubscriptionType: 'invalidSubscriptionType',
  /** Spec §8.3 "invalid coupon code or coupon not valid for the plan" (unknown, inactive, out of its dates, another plan, used up). */
  invalidCoupon: 'invalidCoupon',
  /** Spec §8.3 "same demo type or subscription type as current". */
  sameSubscriptionAsCurrent: 'sameSubscriptionAsCurrent',
  couponCodeExists: 'couponCodeExists',
  couponNotFound: 'couponNotFound',
  billingNotFound: 'billingNotFound',
  /** The bill is not waiting for payment (new, cancelled, or paid already by another payment). */
  billingNotPayable: 'billingNotPayable',
  /** The amount paid is not the bill's total. */
  paymentAmountMismatch: 'paymentAmountMismatch',
  /** No online payment gateway is configured (production without its keys). */
  onlinePaymentUnavailable: 'onlinePaymentUnavailable',
  /** The payment gateway's callback is unsigned, forged, too old, or names no bill paid online (reason). Nothing is recorded. */
  paymentCallbackRefused: 'paymentCallbackRefused',
  chequePaymentNotFound: 'chequePaymentNotFound',
  /** A cheque or bank draft recorded for this bill waits for clearance: the administrator confirms or rejects it first. */
  chequePaymentPending: 'chequePaymentPending',
  /** Spec §8.3 "payment overdue, service temporarily unavailable": past the grace period writes wait for payment; reads work. */
  serviceTemporarilyUnavailable: 'serviceTemporarilyUnavailable',
  /** Spec §8.3 "subscription limit exceeded": an award, order or claim would pass the package's value a year. */
  subscriptionLimit: 'subscriptionLimit',
  // The platform's advertisements (apps/api/src/advertisements/README.md).
  advertisementNotFound: 'advertisementNotFound',
  /** The image is not 16:9 (width / height within 1 % of 16 / 9), read from its bytes. */
  adImageNotSixteenByNine: 'adImageNotSixteenByNine',
  /** The image is not a PNG, JPEG or WebP whose size can be read from its bytes. */
  adImageTypeNotAllowed: 'adImageTypeNotAllowed',
  /** The valid-to date is before the valid-from date. */
  adValidToBeforeValidFrom: 'adValidToBeforeValidFrom',
  /** The link is not an https address. */
  adLinkNotHttps: 'adLinkNotHttps',
  advertisementAlreadyPublished: 'advertisementAlreadyPublished',
  advertisementNotPublished: 'advertisementNotPublished',
  // Reports (apps/api/src/reports/README.md).
  /** Spec §5.3: a report's date range is at most 60 days (login activity: 7). */
  reportRangeTooLong: 'reportRangeTooLong',
  /** The range's last day is before its first. */
  reportRangeInverted: 'reportRangeInverted',
  /** A report as of a time still to come: there is nothing to draw yet. */
  asOfInFuture: 'asOfInFuture',
  reportNotFound: 'reportNotFound',
  // An approval e-mail's approve and reject links (apps/api/src/approval-links).
  /** Not a link Binaan signed (changed, cut short, forged), or links are off on this server. */
  approvalLinkInvalid: 'approvalLinkInvalid',
  approvalLinkExpired: 'approvalLinkExpired',
  approvalLinkUsed: 'approvalLinkUsed',
  /** The document moved on: the round the link was for no longer waits at its level. */
  approvalLinkStale: 'approvalLinkStale',
  // Inventory (apps/api/src/inventory/README.md).
  siteLocationNotFound: 'siteLocationNotFound',
  /** Spec §8.3 "site location in use and cannot be deleted": a stock movement names it. */
  siteLocationInUse: 'siteLocationInUse',
  /** Another site location of the company (and project) has the name already. */
  siteLocationNameExists: 'siteLocationNameExists',
  stockMovementNotFound: 'stockMovementNotFound',
  /** A movement would take a product's on-hand quantity at a site location below zero. */
  stockBelowZero: 'stockBelowZero',
  /** The delivery order is not a confirmed one of this project that the company received. */
  deliveryOrderNotReceivable: 'deliveryOrderNotReceivable',
  /** A quantity received is more than what remains to receive on the line. */
  stockAboveRemaining: 'stockAboveRemaining',
  // A company's appraisals of its vendors (apps/api/src/vendor-appraisals/README.md).
  /** A company does not appraise itself. */
  vendorAppraisalOwnCompany: 'vendorAppraisalOwnCompany',
  /** No approved company of the caller's directory has this id. */
  vendorNotFound: 'vendorNotFound',
  /** Only an active questionnaire of the vendor appraisal type scores a vendor. */
  questionnaireNotForAppraisal: 'questionnaireNotForAppraisal',
  vendorAppraisalNotFound: 'vendorAppraisalNotFound',
  vendorAppraisalWithdrawn: 'vendorAppraisalWithdrawn',
  // The business network (apps/api/src/business-network).
  /** A company cannot invite itself. */
  relationWithOwnCompany: 'relationWithOwnCompany',
  /** An invitation between the two companies waits already (sent by either), or they are partners already. */
  relationAlreadyOpen: 'relationAlreadyOpen',
  /** Keeping in view is for a request received that waits for an answer. */
  relationNotReceived: 'relationNotReceived',
  /** Messages go between companies with an invitation waiting or a partnership. */
  conversationClosed: 'conversationClosed',
  /** Partners and clients are evaluated; a relation not approved is not. */
  relationNotApproved: 'relationNotApproved',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export type ErrorReply = {
  success: false;
  errorCode: string;
  errorMessage: string;
  fields?: Record<string, string[]>;
};
