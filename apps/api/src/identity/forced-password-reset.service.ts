// A platform administrator resets a user's password (public-area.md §2 screen 8, signed-in-area.md §2.1:
// "change password after a forced reset"). A temporary password is drawn, e-mailed to the user, and
// recorded only as its argon2id hash on PasswordResetForced, with the administrator and the reason; the
// next sign-in answers forceChangePassword: true until the user's own change (PasswordChanged) clears it.
// Every open session of the user ends. The temporary password never reaches a log or an event.

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes, UserType } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { AccountDirectory } from './account-directory.js';
import { AccountMail } from './account-mail.js';
import type { UserEvent } from './identity.events.js';
import { PasswordHasher } from './password-hasher.js';
import { temporaryPassword } from './secret-codes.js';
import { SessionService } from './session.service.js';

@Injectable()
export class ForcedPasswordResetService {
  private readonly logger = new Logger('passwords');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly accounts: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly mail: AccountMail,
    private readonly sessions: SessionService,
  ) {}

  async force(principal: Principal, userId: string, reason: string | undefined): Promise<{ success: true; msg: string }> {
    if (principal.userType !== UserType.Admin)
      throw refusal(403, ErrorCodes.noAccessRight, "Only a platform administrator can reset another user's password.");
    await requireAdminRight(this.db, principal, 'admin.user');
    const account = typeof userId === 'string' && userId.length <= 100 ? await this.accounts.byId(userId) : null;
    if (!account) throw refusal(404, ErrorCodes.notFound, 'There is no user with this id.');
    const password = temporaryPassword();
    const event: UserEvent = {
      type: 'PasswordResetForced',
      data: { passwordHash: await this.hasher.hash(password), reason: reason?.trim() || null },
    };
    // The mail goes first: when the mail server refuses it, nothing is recorded and the administrator can
    // simply try again, instead of the user being locked out by a password no one received.
    try {
      await this.mail.temporaryPassword(account.email, account.name, password);
    } catch (error) {
      this.logger.error(
        `temporary password e-mail to user ${account.userId} not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw refusal(
        503,
        ErrorCodes.mailDeliveryFailed,
        'The mail server did not accept the e-mail; the password was not reset. Try again later.',
      );
    }
    // Written at the revision the account was read at: a concurrent change answers 409 and the
    // administrator repeats the call (the mailed password then never worked, and a new one is sent).
    await this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: account.revision,
      events: [{ ...event, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
    });
    await this.sessions.endAll(account.userId, 'passwordResetForced');
    return { success: true, msg: 'forcePasswordReset.success' };
  }
}
