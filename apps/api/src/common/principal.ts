// Who is calling, as the authentication guard puts it on the request. Access rights are read from the
// store on every request (see identity/session.service.ts), so a change takes effect at once.

export type Principal = {
  userId: string;
  sessionId: string;
  email: string;
  userType: 1 | 2;
  /** The company chosen with company/choose; null right after login. */
  companyId: string | null;
  /** The access-rights bit set in that company ('' without a company). */
  accessRights: string;
  /** A read-only token: GET only. */
  readOnly: boolean;
  /**
   * Sign-in is not complete until the terms are accepted or the password is changed; work in the chosen
   * company waits until its own terms are accepted (companyTerms).
   */
  restriction: 'eula' | 'passwordChange' | 'companyTerms' | null;
};

export type AuthenticatedRequest = {
  principal?: Principal;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  ip?: string;
};

/** Authenticates a request from its token; null when there is no token, throws 401 when it is bad. */
export interface Authenticator {
  authenticate(request: AuthenticatedRequest): Promise<Principal | null>;
}

export const AUTHENTICATOR = Symbol('AUTHENTICATOR');
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const READ_MODELS = Symbol('READ_MODELS');
