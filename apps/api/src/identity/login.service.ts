// Sign-in. Unknown e-mail and wrong password get the same reply, after the same argon2 work, and count
// the same towards the lock (attempts are kept per e-mail, known or not). Every attempt is an event on
// `login-<emailKey>`, which the login-activity report reads.

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type LoginReply } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type ExpectedRevision, type StoredEvent } from '@binaan/event-store';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { AccountDirectory } from './account-directory.js';
import { LATEST_EULA_VERSION } from './eula.js';
import { retentionDay } from './identity.personal-data.js';
import type { LoginAttemptEvent } from './identity.events.js';
import { ATTEMPTS_TAIL, lockState } from './login-attempts.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';

const NOT_AUTHENTICATED: Omit<LoginReply, 'errorMessage' | 'errorCode'> = {
  success: false,
  loginIsAuthenticated: false,
  forceChangePassword: false,
  showEula: false,
  user: null,
  accessRights: '',
  jwtToken: '',
  readOnlyJwtToken: '',
  userRole: '',
};

@Injectable()
export class LoginService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly accounts: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async login(email: string, password: string, rememberMe: boolean, context: { ip?: string; correlationId?: string }): Promise<LoginReply> {
    const found = await this.accounts.byEmail(email);
    const attempts = `login-${found.key}`; // found.key: the e-mail's lookup HMAC (personal-data/lookup-keys.ts)
    const record = (event: LoginAttemptEvent, expectedRevision: ExpectedRevision = 'any') =>
      this.store.append({
        streamId: attempts,
        streamType: 'loginAttempts',
        expectedRevision,
        // The address and the day go in the data: sealed under the day's retention key (identity.personal-data.ts).
        events: [
          {
            type: event.type,
            data: { ...event.data, ip: context.ip ?? null, retentionDay: retentionDay(this.now()) },
            metadata: { actorUserId: found.account?.userId ?? null, correlationId: context.correlationId ?? null },
          },
        ],
      });
    const refuseIfLocked = async (tail: readonly StoredEvent[]) => {
      const lock = lockState(tail);
      const now = this.now().getTime();
      if (lock.until === null || lock.until <= now) return;
      await record({
        type: 'LoginRefused',
        data: { reason: 'locked', failures: lock.failures, lastFailureAt: new Date(lock.lastFailureAt).toISOString() },
      });
      const retryAfterSeconds = Math.ceil((lock.until - now) / 1000);
      throw refusal(
        429,
        ErrorCodes.accountLocked,
        `Too many failed sign-ins. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
        { ...NOT_AUTHENTICATED, retryAfterSeconds },
      );
    };
    let tail = await this.tail(attempts);
    await refuseIfLocked(tail);
    const account = found.account;
    const passwordOk = await this.hasher.verify(account?.passwordHash ?? null, typeof password === 'string' ? password : '');
    if (!account || !passwordOk) {
      // A failure is recorded on the attempts it was judged against: when others were recorded meanwhile
      // (a burst of guesses, on this process or another), it is judged again on them, so a burst cannot
      // make more failures than the lock allows, whichever instances serve it.
      for (;;) {
        try {
          await record(
            { type: 'LoginFailed', data: { reason: 'incorrectCredentials' } },
            tail.length === 0 ? 'no_stream' : tail[tail.length - 1]!.revision,
          );
          break;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision)) throw error;
          tail = await this.tail(attempts);
          await refuseIfLocked(tail);
        }
      }
      throw refusal(401, ErrorCodes.incorrectCredentials, 'The e-mail or password is incorrect.', NOT_AUTHENTICATED);
    }
    if (account.status === 'pending') {
      await record({ type: 'LoginRefused', data: { reason: 'pendingActivation', userId: account.userId } });
      throw refusal(
        403,
        ErrorCodes.accountPendingActivation,
        'Your account is waiting for activation: use the code we e-mailed you.',
        NOT_AUTHENTICATED,
      );
    }
    if (account.status === 'suspended') {
      await record({ type: 'LoginRefused', data: { reason: 'suspended', userId: account.userId } });
      throw refusal(
        403,
        ErrorCodes.accountSuspended,
        'This account is suspended by Binaan. Contact Binaan to have it reinstated.',
        NOT_AUTHENTICATED,
      );
    }
    if (account.status !== 'activated') {
      await record({ type: 'LoginRefused', data: { reason: 'notActive', userId: account.userId } });
      throw refusal(403, ErrorCodes.accountNotActive, 'This account is not active. Contact your company administrator.', NOT_AUTHENTICATED);
    }
    const session = await this.sessions.start(account.userId, null, rememberMe, context);
    await record({ type: 'LoginSucceeded', data: { userId: account.userId, sessionId: session.sessionId } });
    return {
      success: true,
      loginIsAuthenticated: true,
      forceChangePassword: account.forceChangePassword,
      showEula: !account.forceChangePassword && account.eulaVersion < LATEST_EULA_VERSION,
      errorMessage: '',
      user: { email: account.email, name: account.name, user_mobile: account.mobile, userType: account.userType },
      accessRights: '',
      jwtToken: session.jwtToken,
      readOnlyJwtToken: session.readOnlyJwtToken,
      userRole: account.userType === 2 ? 'ADMIN' : 'USER',
    };
  }

  async acceptEula(principal: Principal): Promise<{ success: true; msg: string }> {
    await this.store.append({
      streamId: `user-${principal.userId}`,
      streamType: 'user',
      expectedRevision: 'stream_exists',
      events: [{ type: 'EulaAccepted', data: { version: LATEST_EULA_VERSION }, metadata: { actorUserId: principal.userId } }],
    });
    return { success: true, msg: 'eula.accepted' };
  }

  async logout(principal: Principal | undefined): Promise<{ success: true }> {
    if (principal) await this.sessions.end(principal.sessionId, principal.userId, 'logout');
    return { success: true };
  }

  private async tail(streamId: string): Promise<StoredEvent[]> {
    const head = await this.store.streamHead(streamId);
    if (!head) return [];
    return this.store.readStream(streamId, { fromRevision: Math.max(0, head.revision - ATTEMPTS_TAIL + 1) });
  }
}
