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
  // Tender queries, addenda and re-confirmation (apps/api/src/tendering/README.md, issue 18).
  queryNotFound: 'queryNotFound',
  queryAlreadyAnswered: 'queryAlreadyAnswered',
  tenderNotActive: 'tenderNotActive',
  tenderAlreadyOpen: 'tenderAlreadyOpen',
  addendumEmpty: 'addendumEmpty',
  addendumLineNotFound: 'addendumLineNotFound',
  quotationAlreadyConfirmed: 'quotationAlreadyConfirmed',
  // Approved list of tenderers (apps/api/src/tendering/README.md, issue 18).
  tendererAlreadyListed: 'tendererAlreadyListed',
  tendererNotFound: 'tendererNotFound',
  tendererWrongStatus: 'tendererWrongStatus',
  tenderInvitationNotFound: 'tenderInvitationNotFound',
  tenderInvitationUsed: 'tenderInvitationUsed',
  // Tender comparison, analysis and award (apps/api/src/tendering/README.md, issue 18).
  tenderSealed: 'tenderSealed',
  tenderNotInComparison: 'tenderNotInComparison',
  sellerNotQuoted: 'sellerNotQuoted',
  quotationIncomplete: 'quotationIncomplete',
  analysisWeightsInvalid: 'analysisWeightsInvalid',
  analysisCriteriaNotSet: 'analysisCriteriaNotSet',
  // Tenders from a bill of quantity's items (apps/api/src/tendering/README.md, issue 18).
  bqNotApproved: 'bqNotApproved',
  bqItemNotFound: 'bqItemNotFound',
  // Attachments on quotations and questions (apps/api/src/tendering/README.md, apps/api/src/files/README.md).
  attachmentNotFound: 'attachmentNotFound',
  attachmentExecutable: 'attachmentExecutable',
  attachmentTypeMismatch: 'attachmentTypeMismatch',
  attachmentsTotalTooLarge: 'attachmentsTotalTooLarge',
  queryNotAnswered: 'queryNotAnswered',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export type ErrorReply = {
  success: false;
  errorCode: string;
  errorMessage: string;
  fields?: Record<string, string[]>;
};
