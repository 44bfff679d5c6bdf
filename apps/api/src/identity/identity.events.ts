// Events of the identity context, by stream:
//   user-<userId>           the account (type 'user')
//   email-<emailKey>        which user holds an e-mail address (type 'emailClaim'): uniqueness without a lock
//   phone-<digits>          mobile verification codes and which user holds the number (type 'phone')
//   login-<emailKey>        sign-in attempts for an e-mail, known or not (type 'loginAttempts')
//   session-<sessionId>     a session's start and end (type 'session')
// Secrets never enter an event: codes, PINs and reset tokens are kept as HMACs, passwords as argon2id.

export type UserStatus = 'pending' | 'activated' | 'suspended' | 'deactivated' | 'terminated';

export type UserEvent =
  | { type: 'UserSignedUp'; data: { userId: string; email: string; name: string; mobile: string; passwordHash: string; userType: 1 | 2; forceChangePassword: boolean } }
  | { type: 'ActivationPinIssued'; data: { pinHmac: string; expiresAt: string } }
  | { type: 'ActivationPinRejected'; data: Record<string, never> }
  | { type: 'UserActivated'; data: { via: 'pin' | 'admin' | 'seed' } }
  | { type: 'EulaAccepted'; data: { version: number } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; via: 'change' | 'reset' } }
  /** A platform administrator set a temporary password (who: metadata.actorUserId; why: reason). */
  | { type: 'PasswordResetForced'; data: { passwordHash: string; reason: string | null } }
  | { type: 'MobileChanged'; data: { mobile: string } }
  | { type: 'PasswordResetRequested'; data: { tokenHmac: string; expiresAt: string } }
  | { type: 'PasswordResetTokenRejected'; data: Record<string, never> };

export type PhoneEvent =
  | { type: 'PhoneCodeIssued'; data: { requestId: string; codeHmac: string; issuedAt: number; expiresAt: number } }
  | { type: 'PhoneCodeRejected'; data: { requestId: string } }
  | { type: 'PhoneCodeVerified'; data: { requestId: string } }
  | { type: 'PhoneClaimed'; data: { userId: string } }
  | { type: 'PhoneReleased'; data: { userId: string } };

export type EmailClaimEvent = { type: 'EmailClaimed'; data: { userId: string } };

export type LoginAttemptEvent =
  | { type: 'LoginSucceeded'; data: { userId: string; sessionId: string } }
  | { type: 'LoginFailed'; data: { reason: 'incorrectCredentials' } }
  | { type: 'LoginRefused'; data: { reason: 'locked' | 'pendingActivation' | 'notActive'; userId?: string; /** locked: the run of failures refused for */ failures?: number; lastFailureAt?: string } };

export type SessionEvent =
  | { type: 'SessionStarted'; data: { sessionId: string; userId: string; companyId: string | null; rememberMe: boolean } }
  | { type: 'SessionEnded'; data: { sessionId: string; reason: 'logout' | 'inactivity' | 'passwordChanged' | 'passwordResetForced' | 'companySwitched' } };
