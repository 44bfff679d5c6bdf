// Forgot, reset and change password. A forgotten-password request answers alike for any address, at
// once: the reset e-mail is prepared after the reply, so its time tells nothing either. A new password
// must pass the rule and differ from the old one; a change or reset ends every session of the account.

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes, isStrongPassword, normalisePhone } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type NewEvent } from '@binaan/event-store';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { HUMAN_CHECK, type HumanCheck } from '../human-check/human-check.port.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { AccountDirectory } from './account-directory.js';
import { AccountMail } from './account-mail.js';
import { LATEST_EULA_VERSION } from './eula.js';
import { IdentityKeys } from './identity-keys.js';
import { PasswordHasher } from './password-hasher.js';
import { foldPhone } from './phone-verification.js';
import { sealMatches, token128 } from './secret-codes.js';
import { SessionService } from './session.service.js';
import type { UserAccount } from './user-account.js';
import { LookupKeys, phoneStream } from '../personal-data/lookup-keys.js';

/** How long a reset link works (and the set-password link of a platform administrator made by the store CLI). */
export const RESET_TTL_MS = 30 * 60_000;
const RESET_RESEND_AFTER_MS = 60_000;
export type ChangePasswordInput = { oldPassword: string; newPassword: string; confirmPassword: string; user_mobile?: string };

@Injectable()
export class PasswordService {
  private readonly logger = new Logger('passwords');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(HUMAN_CHECK) private readonly humanCheck: HumanCheck,
    private readonly keys: IdentityKeys,
    private readonly accounts: AccountDirectory,
    private readonly lookup: LookupKeys,
    private readonly hasher: PasswordHasher,
    private readonly mail: AccountMail,
    private readonly sessions: SessionService,
  ) {}

  async forgot(email: string, responseToken: string | undefined): Promise<{ success: true; msg: string }> {
    if (!(await this.humanCheck.verify(responseToken)))
      throw refusal(400, ErrorCodes.humanCheckFailed, 'Please complete the human check again.');
    this.issueReset(typeof email === 'string' ? email : '').catch((error: unknown) =>
      this.logger.error(`reset e-mail not sent: ${error instanceof Error ? error.message : String(error)}`),
    );
    return { success: true, msg: 'forgotPassword.success' };
  }

  private async issueReset(email: string): Promise<void> {
    const { account } = await this.accounts.byEmail(email);
    if (!account || account.status !== 'activated') return;
    const now = this.now().getTime();
    if (account.reset && now - Date.parse(account.reset.requestedAt) < RESET_RESEND_AFTER_MS) return;
    const token = token128();
    await this.append(account, {
      type: 'PasswordResetRequested',
      data: { tokenHmac: this.keys.sealToken('reset', account.userId, token), expiresAt: new Date(now + RESET_TTL_MS).toISOString() },
    });
    await this.mail.passwordReset(account.email, account.name, token);
  }

  async reset(input: { email: string; token: string; password: string; confirmPassword: string }): Promise<{ success: true; msg: string }> {
    this.checkNewPassword(input.password, input.confirmPassword);
    const { account } = await this.accounts.byEmail(input.email);
    const invalid = () => refusal(400, ErrorCodes.invalidToken, 'This reset link is not valid or has expired. Ask for a new one.');
    if (!account?.reset || account.reset.failures >= 5 || this.now().getTime() > Date.parse(account.reset.expiresAt)) throw invalid();
    if (
      typeof input.token !== 'string' ||
      !sealMatches(this.keys.tokenKey, account.reset.tokenHmac, 'reset', account.userId, input.token)
    ) {
      await this.append(account, { type: 'PasswordResetTokenRejected', data: {} });
      throw invalid();
    }
    if (await this.hasher.verify(account.passwordHash, input.password))
      throw refusal(400, ErrorCodes.newPasswordSameAsOld, 'The new password must differ from the old one.');
    const events: NewEvent[] = [{ type: 'PasswordChanged', data: { passwordHash: await this.hasher.hash(input.password), via: 'reset' } }];
    // The link a pending account was e-mailed to choose its first password proves the address, as an activation PIN does.
    if (account.status === 'pending' && account.reset.activatesAccount === true)
      events.push({ type: 'UserActivated', data: { via: 'setPasswordLink' } });
    await this.append(account, ...events);
    await this.sessions.endAll(account.userId, 'passwordChanged');
    return { success: true, msg: 'resetPassword.success' };
  }

  async change(principal: Principal, input: ChangePasswordInput): Promise<{ success: true; msg: string }> {
    const account = await this.accounts.byId(principal.userId);
    if (!account) throw refusal(401, ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    if (!(await this.hasher.verify(account.passwordHash, typeof input.oldPassword === 'string' ? input.oldPassword : ''))) {
      throw refusal(400, ErrorCodes.oldPasswordIncorrect, 'The old password is incorrect.');
    }
    this.checkNewPassword(input.newPassword, input.confirmPassword);
    if (input.newPassword === input.oldPassword)
      throw refusal(400, ErrorCodes.newPasswordSameAsOld, 'The new password must differ from the old one.');
    const events: NewEvent[] = [];
    if (input.user_mobile !== undefined) {
      const mobile =
        typeof input.user_mobile === 'string' && input.user_mobile.length >= 12 && input.user_mobile.length <= 20
          ? normalisePhone(input.user_mobile)
          : null;
      if (!mobile)
        throw refusal(400, ErrorCodes.invalidMobile, 'Enter a valid mobile number of 12 to 20 characters with its country code.');
      if (mobile !== account.mobile) {
        await this.claimMobile(account, mobile);
        events.push({ type: 'MobileChanged', data: { mobile } });
      }
      events.push({ type: 'EulaAccepted', data: { version: LATEST_EULA_VERSION } });
    }
    events.push({ type: 'PasswordChanged', data: { passwordHash: await this.hasher.hash(input.newPassword), via: 'change' } });
    await this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: account.revision,
      events: events.map((event) => ({ ...event, metadata: { actorUserId: principal.userId } })),
    });
    await this.sessions.endAll(account.userId, 'passwordChanged');
    return { success: true, msg: 'changePassword.success' };
  }

  /**
   * The new number must be free: it is claimed on its phone stream (as at sign-up, so two accounts never
   * hold one number) and the old one is released. The spec's payload carries no code for it: the caller
   * has just proven the account's password. Telling them the number is taken reveals it only to them.
   */
  private async claimMobile(account: UserAccount, mobile: string): Promise<void> {
    const phone = foldPhone(await this.store.readStream(phoneStream(this.lookup, mobile)));
    const taken = () => refusal(409, ErrorCodes.mobileNumberExists, 'This mobile number belongs to another account.');
    if (phone.claimedBy && phone.claimedBy !== account.userId) throw taken();
    try {
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: phone.revision === -1 ? 'no_stream' : phone.revision,
        events: [{ type: 'PhoneClaimed', data: { userId: account.userId }, metadata: { actorUserId: account.userId } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision) throw taken();
      throw error;
    }
    if (account.mobile) {
      await this.store.append({
        streamId: phoneStream(this.lookup, account.mobile),
        streamType: 'phone',
        expectedRevision: 'any',
        events: [{ type: 'PhoneReleased', data: { userId: account.userId }, metadata: { actorUserId: account.userId } }],
      });
    }
  }

  private checkNewPassword(password: string, confirm: string): void {
    if (typeof password !== 'string' || !isStrongPassword(password))
      throw refusal(
        400,
        ErrorCodes.weakPassword,
        'Use at least 9 characters with upper and lower case letters, a digit and a special character.',
      );
    if (password !== confirm) throw refusal(400, ErrorCodes.passwordMismatch, 'The passwords do not match.');
  }

  private append(account: UserAccount, ...events: NewEvent[]) {
    return this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: account.revision,
      events: events.map((event) => ({ ...event, metadata: { actorUserId: account.userId } })),
    });
  }
}
