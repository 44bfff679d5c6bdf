// Sign-up: mobile, then code, then info (public-area.md §4), then activation by the PIN e-mailed.
//
// Enumeration: the code request answers alike for any valid number; only a caller who has just proven
// they hold the phone (a correct code) learns that it is registered (mobileNumberExists). A sign-up with
// an e-mail that has an account answers exactly as a new sign-up, and the address's owner gets an e-mail
// instead (a new activation PIN while the account is pending, else a note that the account exists).

import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorCodes, isEmail, isFullName, isStrongPassword, normalisePhone } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { CLOCK, type Clock } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { HUMAN_CHECK, type HumanCheck } from '../human-check/human-check.port.js';
import { SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { AccountDirectory } from './account-directory.js';
import { AccountMail } from './account-mail.js';
import { IdentityKeys } from './identity-keys.js';
import { retentionDay } from './identity.personal-data.js';
import { PasswordHasher } from './password-hasher.js';
import { canIssueCode, codeUnusable, CODE_TTL_MS, foldPhone, RESEND_AFTER_MS, verifiedForSignUp } from './phone-verification.js';
import { sealMatches, sixDigitCode, token128 } from './secret-codes.js';
import { LookupKeys, phoneStream } from '../personal-data/lookup-keys.js';

export type SignUpInput = {
  email: string;
  user_mobile: string;
  name: string;
  password: string;
  confirmPassword: string;
  invitation_id?: string;
};
const PIN_TTL_MS = 30 * 60_000;

/** The link's invitation id when it is shaped as one (16 to 64 URL-safe characters), else nothing: never a refusal. */
const invitationIdOf = (input: SignUpInput) =>
  typeof input.invitation_id === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(input.invitation_id) ? input.invitation_id : undefined;

@Injectable()
export class SignUpService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(HUMAN_CHECK) private readonly humanCheck: HumanCheck,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly keys: IdentityKeys,
    private readonly accounts: AccountDirectory,
    private readonly lookup: LookupKeys,
    private readonly hasher: PasswordHasher,
    private readonly mail: AccountMail,
  ) {}

  async requestCode(rawMobile: string, responseToken: string | undefined) {
    if (!(await this.humanCheck.verify(responseToken)))
      throw refusal(400, ErrorCodes.humanCheckFailed, 'Please complete the human check again.');
    const mobile = this.mobile(rawMobile);
    const state = foldPhone(await this.store.readStream(phoneStream(this.lookup, mobile)));
    const now = this.now().getTime();
    const allowed = canIssueCode(state, now);
    if (!allowed.ok)
      throw refusal(
        429,
        allowed.code,
        allowed.code === 'codeResendTooSoon' ? 'Wait before asking for another code.' : 'Too many codes for this number. Try again later.',
        { retryAfterSeconds: allowed.retryAfterSeconds },
      );
    const code = sixDigitCode();
    const requestId = token128();
    try {
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: state.revision === -1 ? 'no_stream' : state.revision,
        events: [
          {
            type: 'PhoneCodeIssued',
            data: {
              requestId,
              codeHmac: this.keys.sealCode(mobile, requestId, code),
              issuedAt: now,
              expiresAt: now + CODE_TTL_MS,
              retentionDay: retentionDay(new Date(now)),
            },
          },
        ],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(429, ErrorCodes.codeResendTooSoon, 'Wait before asking for another code.', {
          retryAfterSeconds: RESEND_AFTER_MS / 1000,
        });
      throw error;
    }
    await this.sms.send({
      to: mobile,
      text: `Your Binaan verification code is ${code}. It expires in 5 minutes.`,
      purpose: 'mobile-verification',
    });
    return { success: true as const, secretKey: requestId, timestamp: now, resendAfterSeconds: RESEND_AFTER_MS / 1000 };
  }

  async verifyCode(rawMobile: string, code: string, secretKey: string, timestamp: number) {
    const mobile = this.mobile(rawMobile);
    const state = foldPhone(await this.store.readStream(phoneStream(this.lookup, mobile)));
    const unusable = codeUnusable(state, secretKey, Number(timestamp), this.now().getTime());
    if (unusable) throw codeRefusal(unusable);
    const current = state.current!;
    if (!/^\d{6}$/.test(code) || !sealMatches(this.keys.codeKey, current.codeHmac, mobile, current.requestId, code)) {
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: 'stream_exists',
        events: [{ type: 'PhoneCodeRejected', data: { requestId: current.requestId } }],
      });
      throw codeRefusal('codeMismatch');
    }
    if (!current.verified) {
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: 'stream_exists',
        events: [{ type: 'PhoneCodeVerified', data: { requestId: current.requestId } }],
      });
    }
    if (state.claimedBy) throw refusal(409, ErrorCodes.mobileNumberExists, 'This mobile number is already registered. Sign in instead.');
    return { success: true as const, msg: 'pinCodeVerification.success' };
  }

  async signUp(input: SignUpInput) {
    if (!isEmail(input.email) || input.email.trim() === '') throw refusal(400, ErrorCodes.invalidEmail, 'Enter a valid e-mail address.');
    if (!isFullName(input.name)) throw refusal(400, ErrorCodes.invalidCompanyName, 'The full name must be longer than 5 characters.');
    if (!isStrongPassword(input.password))
      throw refusal(
        400,
        ErrorCodes.weakPassword,
        'Use at least 9 characters with upper and lower case letters, a digit and a special character.',
      );
    if (input.password !== input.confirmPassword) throw refusal(400, ErrorCodes.passwordMismatch, 'The passwords do not match.');
    const mobile = this.mobile(input.user_mobile);
    const phone = foldPhone(await this.store.readStream(phoneStream(this.lookup, mobile)));
    // Only a caller who has just proven they hold the number learns that it is registered.
    if (!verifiedForSignUp({ ...phone, claimedBy: null }, this.now().getTime()))
      throw refusal(400, ErrorCodes.mobileNotVerified, 'Verify your mobile number first.');
    if (phone.claimedBy) throw refusal(409, ErrorCodes.mobileNumberExists, 'This mobile number is already registered. Sign in instead.');
    const passwordHash = await this.hasher.hash(input.password);
    const found = await this.accounts.byEmail(input.email);
    const reply = { success: true as const, msg: 'signUp.success', data: { email: found.email } };
    if (found.account) {
      await this.existingAccount(found.account);
      return reply;
    }
    const userId = randomUUID();
    try {
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: phone.revision,
        events: [{ type: 'PhoneClaimed', data: { userId } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.mobileNumberExists, 'This mobile number is already registered. Sign in instead.');
      throw error;
    }
    try {
      await this.store.append({
        streamId: `email-${found.key}`,
        streamType: 'emailClaim',
        expectedRevision: found.claimRevision ?? 'no_stream',
        events: [{ type: 'EmailClaimed', data: { userId } }],
      });
    } catch (error) {
      // Someone claimed the address a moment ago: give the number back and answer as for any sign-up.
      await this.store.append({
        streamId: phoneStream(this.lookup, mobile),
        streamType: 'phone',
        expectedRevision: 'stream_exists',
        events: [{ type: 'PhoneReleased', data: { userId } }],
      });
      if (error instanceof WrongExpectedRevision) return reply;
      throw error;
    }
    const pin = token128();
    await this.store.append({
      streamId: `user-${userId}`,
      streamType: 'user',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'UserSignedUp',
          data: {
            userId,
            email: found.email,
            name: input.name.trim(),
            mobile,
            passwordHash,
            userType: 1,
            forceChangePassword: false,
            ...(invitationIdOf(input) ? { invitationId: invitationIdOf(input) } : {}),
          },
          metadata: { actorUserId: userId },
        },
        {
          type: 'ActivationPinIssued',
          data: {
            pinHmac: this.keys.sealToken('activation', userId, pin),
            expiresAt: new Date(this.now().getTime() + PIN_TTL_MS).toISOString(),
          },
          metadata: { actorUserId: userId },
        },
      ],
    });
    await this.mail.activation(found.email, input.name.trim(), pin);
    return reply;
  }

  private async existingAccount(account: NonNullable<Awaited<ReturnType<AccountDirectory['byId']>>>): Promise<void> {
    if (account.status !== 'pending') return this.mail.accountExists(account.email, account.name);
    const pin = token128();
    await this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: 'stream_exists',
      events: [
        {
          type: 'ActivationPinIssued',
          data: {
            pinHmac: this.keys.sealToken('activation', account.userId, pin),
            expiresAt: new Date(this.now().getTime() + PIN_TTL_MS).toISOString(),
          },
        },
      ],
    });
    await this.mail.activation(account.email, account.name, pin);
  }

  async activate(rawEmail: string, pin: string) {
    const { account } = await this.accounts.byEmail(rawEmail);
    const invalid = () => refusal(400, ErrorCodes.invalidActivationCode, 'This activation code is not valid.');
    if (!account || account.status !== 'pending' || !account.activation || account.activation.failures >= 5) throw invalid();
    if (this.now().getTime() > Date.parse(account.activation.expiresAt))
      throw refusal(400, ErrorCodes.codeExpired, 'This activation code has expired. Sign up again to get a new one.');
    if (typeof pin !== 'string' || !sealMatches(this.keys.tokenKey, account.activation.pinHmac, 'activation', account.userId, pin.trim())) {
      await this.store.append({
        streamId: `user-${account.userId}`,
        streamType: 'user',
        expectedRevision: account.revision,
        events: [{ type: 'ActivationPinRejected', data: {} }],
      });
      throw invalid();
    }
    await this.store.append({
      streamId: `user-${account.userId}`,
      streamType: 'user',
      expectedRevision: account.revision,
      events: [{ type: 'UserActivated', data: { via: 'pin' }, metadata: { actorUserId: account.userId } }],
    });
    return { success: true as const, errorMessage: '' };
  }

  private mobile(raw: string): string {
    const mobile = typeof raw === 'string' ? normalisePhone(raw) : null;
    if (!mobile)
      throw refusal(400, ErrorCodes.invalidMobile, 'Enter a valid mobile number with its country code (MY, SG, TH, CN, HK, AU or ID).');
    return mobile;
  }
}

function codeRefusal(code: 'codeMismatch' | 'codeExpired' | 'codeAttemptsExceeded') {
  const messages = {
    codeMismatch: 'The code does not match.',
    codeExpired: 'The code has expired. Ask for a new one.',
    codeAttemptsExceeded: 'Too many wrong codes. Ask for a new one.',
  };
  return refusal(400, code, messages[code]);
}
