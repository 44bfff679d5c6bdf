// A platform administrator suspends an account, or reinstates it (signed-in-area.md §2.5, admin module:
// users). Suspension is the platform's own stop, above any company's: the person cannot sign in to any
// company, and every open session ends at once. It is an event with who (metadata) and why (reason, asked
// for every time), so the users page and the history say who stopped whom and for what.

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, UserType } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { AccountDirectory } from './account-directory.js';
import type { UserAccount } from './user-account.js';
import type { UserEvent, UserStatus } from './identity.events.js';
import { SessionService } from './session.service.js';

export type AccountStatusReply = { success: true; userId: string; status: UserStatus };

@Injectable()
export class AccountSuspensionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly accounts: AccountDirectory,
    private readonly sessions: SessionService,
  ) {}

  async suspend(principal: Principal, userId: string, reason: string): Promise<AccountStatusReply> {
    const account = await this.account(principal, userId);
    if (account.userId === principal.userId) throw refusal(409, ErrorCodes.cannotSuspendSelf, 'You cannot suspend your own account.');
    if (account.status === 'suspended') throw refusal(409, ErrorCodes.accountAlreadySuspended, 'This account is suspended already.');
    // A pending account cannot sign in yet, and reinstating must give back what was there: only an active one.
    if (account.status !== 'activated') throw refusal(409, ErrorCodes.accountNotActive, 'Only an active account can be suspended.');
    await this.record(principal, account, { type: 'AccountSuspended', data: { reason: reason.trim() } });
    await this.sessions.endAll(account.userId, 'accountSuspended');
    return { success: true, userId: account.userId, status: 'suspended' };
  }

  async reinstate(principal: Principal, userId: string, reason: string): Promise<AccountStatusReply> {
    const account = await this.account(principal, userId);
    if (account.status !== 'suspended') throw refusal(409, ErrorCodes.accountNotSuspended, 'This account is not suspended.');
    await this.record(principal, account, { type: 'AccountReinstated', data: { reason: reason.trim() } });
    return { success: true, userId: account.userId, status: 'activated' };
  }

  private async account(principal: Principal, userId: string): Promise<UserAccount> {
    if (principal.userType !== UserType.Admin)
      throw refusal(403, ErrorCodes.noAccessRight, 'Only a platform administrator can suspend or reinstate an account.');
    await requireAdminRight(this.db, principal, 'admin.user');
    const account = typeof userId === 'string' && userId.length <= 100 ? await this.accounts.byId(userId) : null;
    if (!account) throw refusal(404, ErrorCodes.notFound, 'There is no user with this id.');
    return account;
  }

  /** At the revision the account was read at: two administrators at once get one change and one 409. */
  private async record(principal: Principal, account: UserAccount, event: UserEvent): Promise<void> {
    await this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: account.revision,
      events: [{ ...event, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
    });
  }
}
