// Forgetting a person and exporting what is held about them, for the platform
// administrator (any user) and for a signed-in person (their own export).

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, UserType, type PersonalDataUsersReply } from '@binaan/contracts';
import { ERASED, personalKeysOf, SEALED_PREFIXES, SqlEventStore, type EventStore, type StoredEvent } from '@binaan/event-store';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { SessionService } from '../identity/session.service.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { personalDataDeclarations } from './declarations.js';
import { forgetPerson, forgottenStream, subjectsOfUser, type Forgotten, type ForgetVia } from './forget-person.js';
import { emailClaimStream, LookupKeys, loginAttemptsStream, phoneStream } from './lookup-keys.js';

const USER_ID = /^[A-Za-z0-9_.-]{1,128}$/;

export type PersonalDataExport = {
  format: 'binaan-personal-data-v1';
  exportedAt: string;
  userId: string;
  /** The account as the platform shows it now. */
  account: Record<string, unknown> | null;
  /** Every event of the streams that are the person's own (account, e-mail and mobile claims, sign-ins, sessions, notifications, erasure). */
  streams: { streamId: string; events: { id: string; type: string; revision: number; recordedAt: string; data: unknown }[] }[];
  /** Events elsewhere that hold the person's data (event registrations, invitations, project roles and contacts, deliveries). */
  mentions: { streamId: string; id: string; type: string; recordedAt: string; data: unknown }[];
};

@Injectable()
export class PersonalDataService {
  private readonly declaredTypes: string[];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly lookup: LookupKeys,
    private readonly sessions: SessionService,
  ) {
    this.declaredTypes = Object.keys(personalDataDeclarations(lookup));
  }

  /** The platform administrator forgets a user: 404 for no such user, 400 without a reason. */
  async forget(
    principal: Principal,
    userId: string,
    reason: unknown,
    via: ForgetVia = 'admin',
  ): Promise<{ success: true; msg: 'personalData.forgotten'; subjects: number; rebuilt: string[] }> {
    this.adminOnly(principal);
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (text.length < 3 || text.length > 500)
      throw refusal(400, ErrorCodes.validationFailed, 'Give the reason for forgetting this person (3 to 500 characters).', {
        fields: { reason: ['required'] },
      });
    if (!USER_ID.test(userId) || (await this.store.readStream(`user-${userId}`, { limit: 1 })).length === 0)
      throw refusal(404, ErrorCodes.notFound, 'There is no user with this id.');
    if (userId === principal.userId)
      throw refusal(400, ErrorCodes.validationFailed, 'An administrator cannot forget their own account here.', {
        fields: { userId: ['self'] },
      });
    const keys = personalKeysOf(this.store);
    if (!keys) throw refusal(400, ErrorCodes.validationFailed, 'This store does not seal personal data.');
    const forgotten: Forgotten = await forgetPerson(
      this.store,
      keys,
      this.lookup,
      { subjectId: userId, reason: text, byUserId: principal.userId, via },
      this.declaredTypes,
    );
    await this.sessions.endAll(userId, 'passwordResetForced');
    return { success: true, msg: 'personalData.forgotten', subjects: forgotten.subjects.length, rebuilt: forgotten.rebuilt };
  }

  /** The accounts, for the platform administrator's users page: newest first, 500 at most. */
  async users(principal: Principal, q: string): Promise<PersonalDataUsersReply> {
    this.adminOnly(principal);
    if (!(this.store instanceof SqlEventStore)) return { users: [] };
    const text = q.trim().slice(0, 100).toLowerCase();
    const rows = await this.store.db.query<{
      user_id: string;
      name: string;
      email: string;
      status: string;
      user_type: number;
      registered_at: Date | string;
    }>(
      `SELECT user_id, name, email, status, user_type, registered_at FROM identity_users
       WHERE $1 = '' OR strpos(lower(name), $1) > 0 OR strpos(lower(email), $1) > 0 ORDER BY registered_at DESC, user_id LIMIT 500`,
      [text],
    );
    return {
      users: rows.map((row) => ({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        status: row.status,
        userType: Number(row.user_type),
        registeredAt: new Date(row.registered_at).toISOString(),
      })),
    };
  }

  /** Everything held about a user, as one JSON document: the person themself, or the platform administrator for them. */
  async export(principal: Principal, userId: string): Promise<PersonalDataExport> {
    if (userId !== principal.userId) this.adminOnly(principal);
    if (!USER_ID.test(userId)) throw refusal(404, ErrorCodes.notFound, 'There is no user with this id.');
    const account = await this.store.readStream(`user-${userId}`);
    if (account.length === 0) throw refusal(404, ErrorCodes.notFound, 'There is no user with this id.');
    const signedUp = account.find((event) => event.type === 'UserSignedUp')?.data as
      { email?: string; name?: string; mobile?: string } | undefined;
    const emails = new Set<string>();
    const mobiles = new Set<string>();
    for (const event of account) {
      const data = event.data as { email?: unknown; mobile?: unknown };
      if (typeof data.email === 'string' && data.email !== ERASED) emails.add(data.email);
      if (typeof data.mobile === 'string' && data.mobile !== ERASED) mobiles.add(data.mobile);
    }
    const own = [`user-${userId}`, `notifications-${userId}`, forgottenStream(userId)];
    for (const email of emails) own.push(emailClaimStream(this.lookup, email), loginAttemptsStream(this.lookup, email));
    for (const mobile of mobiles) own.push(phoneStream(this.lookup, mobile));
    const streams: PersonalDataExport['streams'] = [];
    for (const streamId of own) {
      const events = await this.store.readStream(streamId);
      if (events.length > 0)
        streams.push({
          streamId,
          events: events.map((event) => ({
            id: event.id,
            type: event.type,
            revision: event.revision,
            recordedAt: event.metadata.recordedAt,
            data: plain(event),
          })),
        });
    }
    for (const sessionId of await this.sessionIds(userId)) {
      const events = await this.store.readStream(`session-${sessionId}`);
      if (events.length > 0)
        streams.push({
          streamId: `session-${sessionId}`,
          events: events.map((event) => ({
            id: event.id,
            type: event.type,
            revision: event.revision,
            recordedAt: event.metadata.recordedAt,
            data: plain(event),
          })),
        });
    }
    const subjects = new Set((await subjectsOfUser(this.store, this.lookup, userId)) ?? []);
    subjects.delete(userId);
    return {
      format: 'binaan-personal-data-v1',
      exportedAt: this.now().toISOString(),
      userId,
      account: signedUp ? { userId, email: signedUp.email ?? null, name: signedUp.name ?? null, mobile: signedUp.mobile ?? null } : null,
      streams,
      mentions: await this.mentions(subjects),
    };
  }

  private async sessionIds(userId: string): Promise<string[]> {
    if (!(this.store instanceof SqlEventStore)) return [];
    const rows = await this.store.db
      .query<{ session_id: string }>('SELECT session_id FROM identity_sessions WHERE user_id = $1 ORDER BY started_at', [userId])
      .catch(() => []);
    return rows.map((row) => row.session_id);
  }

  /** The sealed events elsewhere whose subject is one of the person's addresses or numbers (found by the seal's subject, never by the clear value). */
  private async mentions(subjects: Set<string>): Promise<PersonalDataExport['mentions']> {
    if (subjects.size === 0 || !(this.store instanceof SqlEventStore)) return [];
    // Seals written before pd2 ("pd1:") too; LIKE's own characters in a subject are taken literally.
    const patterns = [...subjects].flatMap((subject) =>
      SEALED_PREFIXES.map((prefix) => `${prefix}${subject.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`),
    );
    const rows = await this.store.db.query<{ stream_id: string; revision: string | number }>(
      `SELECT stream_id, revision FROM events WHERE type = ANY($1::text[]) AND (data ->> '_sealed') LIKE ANY($2::text[]) ORDER BY global_position LIMIT 10000`,
      [this.declaredTypes, patterns],
    );
    const found: PersonalDataExport['mentions'] = [];
    for (const row of rows) {
      const [event] = await this.store.readStream(row.stream_id, { fromRevision: Number(row.revision), toRevision: Number(row.revision) });
      if (event)
        found.push({ streamId: event.streamId, id: event.id, type: event.type, recordedAt: event.metadata.recordedAt, data: plain(event) });
    }
    return found;
  }

  private adminOnly(principal: Principal): void {
    if (principal.userType !== UserType.Admin)
      throw refusal(403, ErrorCodes.noAccessRight, 'Only a platform administrator can do this for another person.');
  }
}

/** The event's data with its personal fields opened (the lazy getters read), without password hashes. */
function plain(event: StoredEvent): unknown {
  const data = JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>;
  for (const secret of ['passwordHash', 'pinHmac', 'tokenHmac', 'codeHmac'])
    if (secret in data) data[secret] = '(kept as a one-way hash, not exported)';
  return data;
}
