// Error codes the API answers with (`{ success: false, errorCode, errorMessage }`). The ui translates
// `error.<code>`. Codes are stable identifiers: add new ones, never rename.
export const ErrorCodes = {
  validationFailed: 'validationFailed',
  notFound: 'notFound',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  wrongExpectedRevision: 'wrongExpectedRevision',
  internal: 'internal',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export type ErrorReply = {
  success: false;
  errorCode: string;
  errorMessage: string;
  fields?: Record<string, string[]>;
};
