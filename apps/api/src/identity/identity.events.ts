// Events of the identity context, by stream:
//   user-<userId>           the account (type 'user')
//   email-<emailKey>        which user holds an e-mail address (type 'emailClaim'): uniqueness without a lock
//   phone-<digits>          mobile verification codes and which user holds the number (type 'phone')
//   login-<emailKey>        sign-in attempts for an e-mail, known or not (type 'loginAttempts')
//   session-<sessionId>     a session's start and end (type 'session')
// Secrets never enter an event: codes, PINs and reset tokens are kept as HMACs, passwords as argon2id.

export type UserStatus = 'pending' | 'activated' | 'suspended' | 'deactivated' | 'terminated';

export type UserEvent =
  | {
      type: 'UserSignedUp';
      data: {
        userId: string;
        email: string;
        name: string;
        mobile: string;
        passwordHash: string;
        userType: 1 | 2;
        forceChangePassword: boolean;
        invitationId?: string;
      };
    }
  | { type: 'ActivationPinIssued'; data: { pinHmac: string; expiresAt: string } }
  | { type: 'ActivationPinRejected'; data: Record<string, never> }
  /** setPasswordLink: the first password chosen with the link a pending account was e-mailed (PasswordResetRequested with activatesAccount). */
  | { type: 'UserActivated'; data: { via: 'pin' | 'admin' | 'seed' | 'setPasswordLink' } }
  | { type: 'EulaAccepted'; data: { version: number } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; via: 'change' | 'reset' } }
  /** A platform administrator set a temporary password (who: metadata.actorUserId; why: reason). */
  | { type: 'PasswordResetForced'; data: { passwordHash: string; reason: string | null } }
  | { type: 'MobileChanged'; data: { mobile: string } }
  /**
   * activatesAccount: the link goes to a pending account that has no password anyone knows (a platform
   * administrator made by the store CLI's create-admin); choosing the password with it activates the account.
   */
  | { type: 'PasswordResetRequested'; data: { tokenHmac: string; expiresAt: string; activatesAccount?: true } }
  | { type: 'PasswordResetTokenRejected'; data: Record<string, never> }
  /**
   * A platform administrator stopped the account (who: metadata.actorUserId): sign-in is refused with
   * accountSuspended and every open session ends, whatever the person's companies say.
   */
  | { type: 'AccountSuspended'; data: { reason: string } }
  /** A platform administrator lifted the suspension: the account is active again, as it was before. */
  | { type: 'AccountReinstated'; data: { reason: string } };

export type PhoneEvent =
  | { type: 'PhoneCodeIssued'; data: { requestId: string; codeHmac: string; issuedAt: number; expiresAt: number } & Retained }
  | { type: 'PhoneCodeRejected'; data: { requestId: string } }
  | { type: 'PhoneCodeVerified'; data: { requestId: string } }
  | { type: 'PhoneClaimed'; data: { userId: string } }
  | { type: 'PhoneReleased'; data: { userId: string } };

export type EmailClaimEvent = { type: 'EmailClaimed'; data: { userId: string } };

/**
 * Events kept for a limited time: `retentionDay` (UTC, YYYY-MM-DD, when recorded) names
 * the key their personal fields are sealed under (`retention.<day>`, identity.personal-data.ts), which the
 * retention job destroys once the day is older than the retention period. Absent on events recorded before.
 */
export type Retained = { retentionDay?: string };

/** `ip`: the caller's address (sealed; events recorded before retention days carry it in the metadata, in clear). */
export type LoginAttemptEvent =
  | { type: 'LoginSucceeded'; data: { userId: string; sessionId: string; ip?: string | null } & Retained }
  | { type: 'LoginFailed'; data: { reason: 'incorrectCredentials'; ip?: string | null } & Retained }
  | {
      type: 'LoginRefused';
      data: {
        reason: 'locked' | 'pendingActivation' | 'notActive' | 'suspended';
        userId?: string;
        /** locked: the run of failures refused for */ failures?: number;
        lastFailureAt?: string;
        ip?: string | null;
      } & Retained;
    };

export type SessionEvent =
  | { type: 'SessionStarted'; data: { sessionId: string; userId: string; companyId: string | null; rememberMe: boolean } & Retained }
  | {
      type: 'SessionEnded';
      data: {
        sessionId: string;
        reason:
          'logout' | 'inactivity' | 'passwordChanged' | 'passwordResetForced' | 'companySwitched' | 'membershipEnded' | 'accountSuspended';
      };
    };
