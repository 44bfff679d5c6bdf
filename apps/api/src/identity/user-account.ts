// The account, folded from its stream. Deciding what happens next is done on this state.

import type { StoredEvent } from '@binaan/event-store';
import type { UserEvent, UserStatus } from './identity.events.js';

export type UserAccount = {
  userId: string;
  email: string;
  name: string;
  mobile: string;
  userType: 1 | 2;
  status: UserStatus;
  passwordHash: string;
  forceChangePassword: boolean;
  eulaVersion: number;
  registeredAt: string;
  verifiedAt: string | null;
  activation: { pinHmac: string; expiresAt: string; failures: number } | null;
  reset: { tokenHmac: string; expiresAt: string; requestedAt: string; failures: number; activatesAccount?: true } | null;
  revision: number;
};

export function foldUserAccount(events: readonly StoredEvent[]): UserAccount | null {
  let account: UserAccount | null = null;
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as UserEvent;
    const at = stored.metadata.recordedAt;
    if (event.type === 'UserSignedUp') {
      account = {
        ...event.data,
        status: 'pending',
        eulaVersion: 0,
        registeredAt: at,
        verifiedAt: null,
        activation: null,
        reset: null,
        revision: stored.revision,
      };
      continue;
    }
    if (!account) continue;
    account.revision = stored.revision;
    switch (event.type) {
      case 'ActivationPinIssued':
        account.activation = { ...event.data, failures: 0 };
        break;
      case 'ActivationPinRejected':
        if (account.activation) account.activation.failures++;
        break;
      case 'UserActivated':
        account.status = 'activated';
        account.verifiedAt = at;
        account.activation = null;
        break;
      case 'EulaAccepted':
        account.eulaVersion = Math.max(account.eulaVersion, event.data.version);
        break;
      case 'PasswordChanged':
        account.passwordHash = event.data.passwordHash;
        account.forceChangePassword = false;
        account.reset = null;
        break;
      case 'PasswordResetForced':
        // The temporary password replaces the old one, and a pending reset link no longer works.
        account.passwordHash = event.data.passwordHash;
        account.forceChangePassword = true;
        account.reset = null;
        break;
      case 'MobileChanged':
        account.mobile = event.data.mobile;
        break;
      case 'PasswordResetRequested':
        account.reset = { ...event.data, requestedAt: at, failures: 0 };
        break;
      case 'PasswordResetTokenRejected':
        if (account.reset) account.reset.failures++;
        break;
      case 'AccountSuspended':
        account.status = 'suspended';
        break;
      case 'AccountReinstated':
        account.status = 'activated';
        break;
    }
  }
  return account;
}
