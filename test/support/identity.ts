// Helpers for the identity and access e2e tests: a clock the test moves, a client that keeps every reply
// (so a suite can check that none was a 500 or showed a stack), people with unique e-mails and mobiles,
// the real sign-up flow (human check solved, code read from the SMS outbox, PIN read from the SMTP
// server), and seeding through the store for what has no public route yet (companies, roles, invitations).

import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import request, { type Response } from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { normaliseEmail } from '@binaan/contracts';
import { SqlEventStore, type EventStore, type JsonValue } from '@binaan/event-store';
import type { CompanyEvent, InvitationEvent } from '../../apps/api/src/companies/company.events.js';
import { LATEST_EULA_VERSION } from '../../apps/api/src/identity/eula.js';
import { PasswordHasher } from '../../apps/api/src/identity/password-hasher.js';
import { emailClaimStream, LookupKeys } from '../../apps/api/src/personal-data/lookup-keys.js';
import { readOutbox } from '../../apps/api/src/messaging/outbox.js';
import type { TestClock } from './clock.js';
import { solveHumanCheck } from './human-check.js';
import type { TestSmtpServer } from './smtp-server.js';

export const MINUTE = 60_000;
export const SECOND = 1_000;

export type RecordedReply = { call: string; status: number; text: string };
export type CallOptions = { token?: string; query?: Record<string, string>; headers?: Record<string, string> };

/** supertest on the app, keeping every reply for the suite's final check. */
export class Api {
  readonly replies: RecordedReply[] = [];

  constructor(private readonly app: NestFastifyApplication) {}

  get server() {
    return this.app.getHttpServer();
  }

  get(path: string, options: CallOptions = {}): Promise<Response> {
    return this.keep(`GET ${path}`, this.prepare(request(this.server).get(`/api/${path}`), options));
  }

  post(path: string, body: object = {}, options: CallOptions = {}): Promise<Response> {
    return this.keep(`POST ${path}`, this.prepare(request(this.server).post(`/api/${path}`), options).send(body));
  }

  put(path: string, body: object = {}, options: CallOptions = {}): Promise<Response> {
    return this.keep(`PUT ${path}`, this.prepare(request(this.server).put(`/api/${path}`), options).send(body));
  }

  /** Replies that are a 5xx, show a stack trace or source paths, or refuse without `{ success: false, errorCode }`. */
  problems(): RecordedReply[] {
    return this.replies.filter(
      (reply) => reply.status >= 500 || STACK.test(reply.text) || (reply.status >= 400 && !hasErrorCode(reply.text)),
    );
  }

  private prepare(test: request.Test, options: CallOptions): request.Test {
    if (options.token !== undefined) test.set('Authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) test.set(name, value);
    if (options.query) test.query(options.query);
    return test;
  }

  private async keep(call: string, test: request.Test): Promise<Response> {
    const response = await test;
    this.replies.push({ call, status: response.status, text: response.text });
    return response;
  }
}

function hasErrorCode(text: string): boolean {
  try {
    const body = JSON.parse(text) as { success?: unknown; errorCode?: unknown };
    return body.success === false && typeof body.errorCode === 'string' && body.errorCode !== '';
  } catch {
    return false;
  }
}

const STACK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.[jt]s:\d+:\d+|Error: /;

/** Everything a flow needs: the app, its store, its clock, its DATA_DIR (SMS outbox), the SMTP server. */
export type IdentityContext = {
  app: NestFastifyApplication;
  api: Api;
  store: EventStore;
  clock: TestClock;
  dataDir: string;
  smtp: TestSmtpServer;
};

export type Person = { name: string; email: string; mobile: string; password: string };

const usedMobiles = new Set<string>();

/** A valid Malaysian mobile (+60 12 and 7 digits: 12 characters), unique in this process. */
export function uniqueMobile(): string {
  for (;;) {
    const mobile = `+6012${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!usedMobiles.has(mobile)) {
      usedMobiles.add(mobile);
      return mobile;
    }
  }
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

export const STRONG_PASSWORD = 'Binaan#2026pass';
export const OTHER_STRONG_PASSWORD = 'Another!Pass99';
export const THIRD_STRONG_PASSWORD = 'Third$Pass777';

export function newPerson(label: string): Person {
  return { name: `${label} Abdullah`, email: uniqueEmail(label), mobile: uniqueMobile(), password: STRONG_PASSWORD };
}

// ---------------------------------------------------------------------------------------------------
// Sign-up: mobile, code, info, activation.

export async function requestCode(ctx: IdentityContext, mobile: string): Promise<Response> {
  const responseToken = await solveHumanCheck(request(ctx.api.server));
  return ctx.api.post('pin-code-request', { mobile_phone: mobile, response_token: responseToken });
}

/** The code of the latest SMS to the number, from the outbox in DATA_DIR. */
export async function smsCode(ctx: IdentityContext, mobile: string): Promise<string> {
  const sent = (await readOutbox(ctx.dataDir, 'sms')).filter((sms) => sms.to === mobile);
  const code = sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code to ${mobile} in the outbox`);
  return code;
}

export async function smsCount(ctx: IdentityContext, mobile: string): Promise<number> {
  return (await readOutbox(ctx.dataDir, 'sms')).filter((sms) => sms.to === mobile).length;
}

export type CodeRequest = { secretKey: string; timestamp: number };

export function verifyCode(ctx: IdentityContext, mobile: string, request: CodeRequest, code: string): Promise<Response> {
  return ctx.api.post('pin-code-verification', { mobile_phone: mobile, code, secret_key: request.secretKey, timestamp: request.timestamp });
}

/** Asks for a code and gives back the request (secretKey, timestamp) and the code the SMS carried. */
export async function codeFor(ctx: IdentityContext, mobile: string): Promise<CodeRequest & { code: string }> {
  const reply = await requestCode(ctx, mobile);
  if (reply.status !== 200) throw new Error(`pin-code-request answered ${reply.status}: ${reply.text}`);
  const body = reply.body as CodeRequest;
  return { secretKey: body.secretKey, timestamp: body.timestamp, code: await smsCode(ctx, mobile) };
}

/** Mobile step and code step, done right. */
export async function verifyMobile(ctx: IdentityContext, mobile: string): Promise<void> {
  const issued = await codeFor(ctx, mobile);
  const reply = await verifyCode(ctx, mobile, issued, issued.code);
  if (reply.status !== 200) throw new Error(`pin-code-verification answered ${reply.status}: ${reply.text}`);
}

export function signUpBody(
  person: Person,
  overrides: Partial<{ email: string; user_mobile: string; name: string; password: string; confirmPassword: string }> = {},
) {
  return {
    email: person.email,
    user_mobile: person.mobile,
    name: person.name,
    password: person.password,
    confirmPassword: person.password,
    ...overrides,
  };
}

/** The PIN in the activation mail (waits for the mail). */
export async function activationPin(ctx: IdentityContext, email: string): Promise<string> {
  const mail = await ctx.smtp.waitFor(email);
  const pin = mail.text.match(/activation code is: (\S+)/)?.[1];
  if (!pin) throw new Error(`no activation code in the mail to ${email}: ${mail.subject}`);
  return pin;
}

/** The token in the reset-password link (waits for the mail: it is sent after the reply). */
export async function resetToken(ctx: IdentityContext, email: string): Promise<string> {
  const mail = await ctx.smtp.waitFor(email);
  const token = mail.text.match(/[?&]token=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no reset link in the mail to ${email}: ${mail.subject}`);
  return decodeURIComponent(token);
}

/** The whole public sign-up, then activation by the mailed PIN: a user who can sign in (terms not yet accepted). */
export async function registerActivatedUser(ctx: IdentityContext, person: Person): Promise<void> {
  await verifyMobile(ctx, person.mobile);
  const signUp = await ctx.api.post('users/sign-up', signUpBody(person));
  if (signUp.status !== 200) throw new Error(`users/sign-up answered ${signUp.status}: ${signUp.text}`);
  const activated = await ctx.api.post('users/activate-by-pin', { email: person.email, pin: await activationPin(ctx, person.email) });
  if (activated.status !== 200) throw new Error(`users/activate-by-pin answered ${activated.status}: ${activated.text}`);
}

// ---------------------------------------------------------------------------------------------------
// Sign-in.

export type Tokens = { jwtToken: string; readOnlyJwtToken: string };

export function login(ctx: IdentityContext, email: string, password: string, rememberMe?: boolean): Promise<Response> {
  return ctx.api.post('login', { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
}

/** Signs in and answers the tokens; accepts the terms first when the login asks for them. */
export async function signIn(ctx: IdentityContext, person: Pick<Person, 'email' | 'password'>): Promise<Tokens> {
  const reply = await login(ctx, person.email, person.password);
  if (reply.status !== 200) throw new Error(`login answered ${reply.status}: ${reply.text}`);
  const tokens = { jwtToken: reply.body.jwtToken as string, readOnlyJwtToken: reply.body.readOnlyJwtToken as string };
  if (reply.body.showEula === true) {
    const accepted = await ctx.api.post('accept-eula', {}, { token: tokens.jwtToken });
    if (accepted.status !== 200) throw new Error(`accept-eula answered ${accepted.status}: ${accepted.text}`);
  }
  return tokens;
}

/** The user id of an account, from identity's read model (the e-mail claim streams are keyed by the app's lookup key). */
export async function userIdOf(store: EventStore, email: string): Promise<string> {
  if (!(store instanceof SqlEventStore)) throw new Error('userIdOf reads the identity read model: a SQL store');
  const [row] = await store.db.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [normaliseEmail(email)]);
  const userId = row?.user_id;
  if (!userId) throw new Error(`no account claims ${email}`);
  return userId;
}

// ---------------------------------------------------------------------------------------------------
// Seeding through the store, for what has no public route in this issue.

export type SeededUser = Person & { userId: string };

/** An activated account written as events (real argon2 hash): for admins (type 2) and forced password changes. */
export async function seedUser(
  ctx: IdentityContext,
  person: Person,
  options: { userType?: 1 | 2; forceChangePassword?: boolean; eulaAccepted?: boolean } = {},
): Promise<SeededUser> {
  const userId = randomUUID();
  const passwordHash = await ctx.app.get(PasswordHasher).hash(person.password);
  await ctx.store.append({
    streamId: `user-${userId}`,
    streamType: 'user',
    expectedRevision: 'no_stream',
    events: [
      {
        type: 'UserSignedUp',
        data: {
          userId,
          email: normaliseEmail(person.email),
          name: person.name,
          mobile: person.mobile,
          passwordHash,
          userType: options.userType ?? 1,
          forceChangePassword: options.forceChangePassword ?? false,
        },
      },
      { type: 'UserActivated', data: { via: 'seed' } },
      ...(options.eulaAccepted === false ? [] : [{ type: 'EulaAccepted', data: { version: LATEST_EULA_VERSION } }]),
    ],
  });
  await ctx.store.append({
    streamId: emailClaimStream(ctx.app.get(LookupKeys), normaliseEmail(person.email)),
    streamType: 'emailClaim',
    expectedRevision: 'no_stream',
    events: [{ type: 'EmailClaimed', data: { userId } }],
  });
  return { ...person, userId };
}

export function appendCompanyEvents(ctx: IdentityContext, companyId: string, events: CompanyEvent[]) {
  return ctx.store.append({
    streamId: `company-${companyId}`,
    streamType: 'company',
    expectedRevision: 'any',
    // A step's readonly arrays are JSON all the same; the store's type asks for mutable ones.
    events: events.map((event) => ({ type: event.type, data: event.data as unknown as JsonValue })),
  });
}

export type SeededCompany = { companyId: string; name: string; roleId: string };

/** A company with one role holding `accessRights`, and these users assigned to it. */
export async function seedCompany(
  ctx: IdentityContext,
  options: {
    name: string;
    status?: 1 | 2 | 3 | 4;
    subscriptionType?: number;
    subscriptionDetailType?: string;
    isDemo?: boolean;
    roleName?: string;
    accessRights?: string[];
    members?: { userId: string; isSiteTeam?: boolean }[];
  },
): Promise<SeededCompany> {
  const companyId = randomUUID();
  const roleId = randomUUID();
  const events: CompanyEvent[] = [
    {
      type: 'CompanyRegistered',
      data: {
        companyId,
        name: options.name,
        registrationNo: `${randomInt(1, 9_999_999)}-A`,
        subscriptionType: options.subscriptionType ?? 1,
        subscriptionDetailType: options.subscriptionDetailType ?? 'basic',
        isDemo: options.isDemo ?? false,
      },
    },
    ...(options.status && options.status !== 1
      ? [{ type: 'CompanySubmissionStatusChanged' as const, data: { status: options.status } }]
      : []),
    { type: 'CompanyRoleDefined', data: { roleId, name: options.roleName ?? 'Manager', accessRights: options.accessRights ?? [] } },
    ...(options.members ?? []).map((member) => ({
      type: 'CompanyUserAssigned' as const,
      data: { userId: member.userId, roleId, isSiteTeam: member.isSiteTeam ?? false },
    })),
  ];
  await appendCompanyEvents(ctx, companyId, events);
  return { companyId, name: options.name, roleId };
}

/** A call for interest sent to an e-mail, as the (later) tender module will write it. */
export async function seedInvitation(ctx: IdentityContext, fromCompanyId: string, toEmail: string): Promise<string> {
  const invitationId = randomBytes(16).toString('base64url');
  const sent: InvitationEvent = {
    type: 'InvitationSent',
    data: { invitationId, fromCompanyId, toEmail, title: 'Call for interest: piling works' },
  };
  await ctx.store.append({
    streamId: `invitation-${invitationId}`,
    streamType: 'callForInterest',
    expectedRevision: 'no_stream',
    events: [sent],
  });
  return invitationId;
}
