// A platform administrator (user type 2) made from the store CLI (`create-admin`, cli/create-admin.ts): on an
// empty store nobody can grant the type, and nobody signs up as one. The account is recorded with the events a
// sign-up records, with two differences:
//   - no mobile: none is known. The account holds '' and no phone stream claims a number for it. The person
//     adds one later with a password change.
//   - no password anyone knows: the hash of a random secret that is thrown away. The address gets a
//     set-password link instead: a reset token marked `activatesAccount`. Choosing the password with it
//     activates the account (password.service.ts). The link expires as a reset link does.
// Deciding is pure: the caller reads the administrators and the account the e-mail names, and records the
// events it is given.

import { FULL_NAME_MIN_LENGTH, isEmail, isFullName, normaliseEmail, UserType } from '@binaan/contracts';
import type { UserEvent, UserStatus } from './identity.events.js';
import type { UserAccount } from './user-account.js';

/** Who records the events of `create-admin` (metadata.actorUserId): the operator at the store, not a user. */
export const STORE_CLI_ACTOR = 'system:store-cli';
export const DEFAULT_ADMINISTRATOR_NAME = 'Platform administrator';

export type CreateAdministrator = { email: string; name: string; force: boolean };
export type KnownAdministrator = { userId: string; status: UserStatus };
/** What deciding needs: the platform administrators there are, and the account the e-mail names (null: none). */
export type FirstAdministratorState = { administrators: readonly KnownAdministrator[]; account: UserAccount | null };

/** A new account for the address, or a new link for the pending administrator it names (with --force). */
export type AdministratorDecision = { kind: 'newAccount'; email: string; name: string } | { kind: 'newLink'; account: UserAccount };

export type AdministratorRefusalReason = 'invalidEmail' | 'invalidName' | 'emailTaken' | 'administratorExists';

export class AdministratorRefused extends Error {
  constructor(
    readonly reason: AdministratorRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const pendingAdministrator = (account: UserAccount) => account.userType === UserType.Admin && account.status === 'pending';

export function decideCreateAdministrator(state: FirstAdministratorState, command: CreateAdministrator): AdministratorDecision {
  const email = normaliseEmail(command.email);
  if (email === '' || !isEmail(email)) throw new AdministratorRefused('invalidEmail', `"${command.email}" is not a valid e-mail address`);
  if (!isFullName(command.name))
    throw new AdministratorRefused('invalidName', `the full name must be ${FULL_NAME_MIN_LENGTH} to 200 characters`);
  const { account } = state;
  if (account) {
    // Its link may have expired unused: --force sends another, and the earlier one stops working.
    if (command.force && pendingAdministrator(account)) return { kind: 'newLink', account };
    const hint = pendingAdministrator(account)
      ? ': a platform administrator waiting for activation (--force sends a new set-password link)'
      : '';
    throw new AdministratorRefused('emailTaken', `${email} already has an account (${account.userId}, ${account.status})${hint}`);
  }
  if (state.administrators.length > 0 && !command.force) {
    const named = state.administrators
      .slice(0, 3)
      .map((known) => `${known.userId} ${known.status}`)
      .join(', ');
    const more = state.administrators.length > 3 ? ` and ${state.administrators.length - 3} more` : '';
    throw new AdministratorRefused(
      'administratorExists',
      `a platform administrator exists already (${named}${more}); --force makes another`,
    );
  }
  return { kind: 'newAccount', email, name: command.name.trim() };
}

/** The account's first event: a sign-up as user type 2, with no mobile and a password nobody knows. */
export function administratorSignedUp(userId: string, email: string, name: string, passwordHash: string): UserEvent {
  return {
    type: 'UserSignedUp',
    data: { userId, email, name, mobile: '', passwordHash, userType: UserType.Admin, forceChangePassword: false },
  };
}

/** The set-password link, as a reset token that activates the account it is used on while that is pending. */
export function setPasswordLinkIssued(tokenHmac: string, expiresAt: Date): UserEvent {
  return { type: 'PasswordResetRequested', data: { tokenHmac, expiresAt: expiresAt.toISOString(), activatesAccount: true } };
}
