// Sessions: started at login (and again at company choice), ended by logout, password change or reset,
// or 1800 s without a call. Requests are checked against the session row (kept for at most a second per
// token, and dropped at once by any append that may change it: principal-cache.ts), so an ended session
// is refused on the next call (401), and on other instances within the change channel's delay.

import { ForbiddenException, Inject, Injectable, UnauthorizedException, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorCodes, UserType } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type AuthenticatedRequest, type Authenticator, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { accessRightsFrom, activeRoleRights, memberStatusIn } from '../companies/company-access.js';
import { companyTermsPending } from '../company-setups/company-terms-reads.js';
import { LATEST_EULA_VERSION } from './eula.js';
import { retentionDay } from './identity.personal-data.js';
import type { SessionEvent } from './identity.events.js';
import { PrincipalCache } from './principal-cache.js';
import { SessionTokens } from './session-tokens.js';

export const INACTIVITY_LIMIT_MS = 1800 * 1000;
/** last_seen_at is written at most this often per session, not on every call. */
const RENEW_EVERY_MS = 15_000;

type SessionRow = {
  session_id: string;
  user_id: string;
  company_id: string | null;
  last_seen_at: Date | string;
  ended_at: Date | string | null;
};
type UserRow = { email: string; user_type: number; status: string; force_change_password: boolean; eula_version: number };
/** The user's columns are null when the user row is missing; rights are those of the session's company. */
type CallerRow = SessionRow & { [K in keyof UserRow]: UserRow[K] | null } & {
  rights: string[];
  member_status: string | null;
  terms_pending: boolean;
};

/**
 * Everything a request's principal needs, in one statement (one round trip, one snapshot) on every
 * request: the session, its user and the user's rights in the session's company. Nothing is cached, so an
 * ended session, a deactivated user or a withdrawn role is refused on the very next call, on every instance.
 */
const CALLER = `
  SELECT s.session_id, s.user_id, s.company_id, s.last_seen_at, s.ended_at,
    u.email, u.user_type, u.status, u.force_change_password, u.eula_version,
    CASE WHEN s.company_id IS NULL THEN '{}'::text[] ELSE (${activeRoleRights('s.user_id', 's.company_id')}) END AS rights,
    CASE WHEN s.company_id IS NULL THEN NULL ELSE (${memberStatusIn('s.user_id', 's.company_id')}) END AS member_status,
    ${companyTermsPending('s', 'u.user_type')} AS terms_pending
  FROM identity_sessions s LEFT JOIN identity_users u ON u.user_id = s.user_id
  WHERE s.session_id = $1`;

type AppendSignal = {
  onAppended(listener: (events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]) => void): () => void;
};

export type EndReason = Extract<SessionEvent, { type: 'SessionEnded' }>['data']['reason'];

@Injectable()
export class SessionService implements Authenticator, OnModuleDestroy {
  /** Null on a store without an append signal (KurrentDB here): then every request reads the database. */
  private readonly principals: PrincipalCache | null;
  private readonly stopListening: () => void;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tokens: SessionTokens,
  ) {
    const signal = store as Partial<AppendSignal>;
    const principals = typeof signal.onAppended === 'function' ? new PrincipalCache(() => this.now().getTime()) : null;
    this.principals = principals;
    this.stopListening = principals
      ? signal.onAppended!.call(store, (events, peerStreamTypes) => principals.onAppended(events, peerStreamTypes))
      : () => undefined;
  }

  onModuleDestroy(): void {
    this.stopListening();
  }

  async start(
    userId: string,
    companyId: string | null,
    rememberMe: boolean,
    actor: { correlationId?: string },
  ): Promise<{ sessionId: string; jwtToken: string; readOnlyJwtToken: string }> {
    const sessionId = randomUUID();
    await this.store.append({
      streamId: `session-${sessionId}`,
      streamType: 'session',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'SessionStarted',
          data: { sessionId, userId, companyId, rememberMe, retentionDay: retentionDay(this.now()) },
          metadata: { actorUserId: userId, actorCompanyId: companyId, correlationId: actor.correlationId ?? null },
        },
      ],
    });
    return {
      sessionId,
      jwtToken: this.tokens.issue({ sub: userId, sid: sessionId, cid: companyId, scope: 'full' }),
      readOnlyJwtToken: this.tokens.issue({ sub: userId, sid: sessionId, cid: companyId, scope: 'read' }),
    };
  }

  async end(sessionId: string, userId: string, reason: EndReason): Promise<void> {
    await this.store.append({
      streamId: `session-${sessionId}`,
      streamType: 'session',
      expectedRevision: 'any',
      events: [{ type: 'SessionEnded', data: { sessionId, reason }, metadata: { actorUserId: userId } }],
    });
  }

  /** Ends every open session of a user (password changed or reset). */
  async endAll(userId: string, reason: EndReason): Promise<void> {
    const open = await this.db.query<{ session_id: string }>(
      'SELECT session_id FROM identity_sessions WHERE user_id = $1 AND ended_at IS NULL',
      [userId],
    );
    for (const row of open) await this.end(row.session_id, userId, reason);
  }

  /** Ends a user's open sessions for one company (their membership there was suspended or ended). */
  async endAllIn(userId: string, companyId: string, reason: EndReason): Promise<void> {
    const open = await this.db.query<{ session_id: string }>(
      'SELECT session_id FROM identity_sessions WHERE user_id = $1 AND company_id = $2 AND ended_at IS NULL',
      [userId, companyId],
    );
    for (const row of open) await this.end(row.session_id, userId, reason);
  }

  /**
   * Which of these sessions are open now (not ended, not idle past the limit, the user still active),
   * without renewing them: the live channel asks, every few seconds, to close the sockets of ended sessions.
   */
  async stillOpen(sessionIds: readonly string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const idleSince = new Date(this.now().getTime() - INACTIVITY_LIMIT_MS).toISOString();
    const rows = await this.db.query<{ session_id: string }>(
      `SELECT s.session_id FROM identity_sessions s JOIN identity_users u ON u.user_id = s.user_id
       WHERE s.session_id = ANY($1::text[]) AND s.ended_at IS NULL AND s.last_seen_at >= $2 AND u.status = 'activated'`,
      [[...sessionIds], idleSince],
    );
    return new Set(rows.map((row) => row.session_id));
  }

  /** The token of a request: the Authorization header, or (read-only tokens only) the `t` query of a resource URL. */
  static tokenOf(request: AuthenticatedRequest): { token: string; fromQuery: boolean } | null {
    const header = request.headers.authorization;
    if (typeof header === 'string' && header.startsWith('Bearer ')) return { token: header.slice(7).trim(), fromQuery: false };
    const query = request.query.t;
    if (typeof query === 'string' && query.length > 0) return { token: query, fromQuery: true };
    return null;
  }

  async authenticate(request: AuthenticatedRequest): Promise<Principal | null> {
    const found = SessionService.tokenOf(request);
    if (!found) return null;
    return this.principals ? this.principals.load(found.token, () => this.principalOf(found)) : this.principalOf(found);
  }

  /** The principal of a token, from the session, user and rights as the database has them now. */
  private async principalOf(found: { token: string; fromQuery: boolean }): Promise<Principal> {
    const claims = this.tokens.read(found.token);
    if (!claims || (found.fromQuery && claims.scope !== 'read')) throw refuse(ErrorCodes.unauthorized, 'Sign in first.');
    const [session] = await this.db.query<CallerRow>(CALLER, [claims.sid], { prepare: true });
    // A member suspended, deactivated or terminated in the session's company hears why (their sessions there
    // were ended too): checked before the end of the session, which would only say it ended.
    const memberRefusal = session && session.user_type !== UserType.Admin ? MEMBER_REFUSALS[session.member_status ?? ''] : undefined;
    if (memberRefusal) throw new ForbiddenException({ errorCode: memberRefusal.code, errorMessage: memberRefusal.message });
    if (!session || session.user_id !== claims.sub || session.ended_at !== null)
      throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    const now = this.now().getTime();
    const lastSeen = new Date(session.last_seen_at).getTime();
    if (now - lastSeen > INACTIVITY_LIMIT_MS) {
      await this.end(session.session_id, session.user_id, 'inactivity');
      throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    }
    if (now - lastSeen > RENEW_EVERY_MS) {
      await this.db.query('UPDATE identity_sessions SET last_seen_at = $2 WHERE session_id = $1 AND ended_at IS NULL', [
        session.session_id,
        new Date(now).toISOString(),
      ]);
    }
    if (session.status !== 'activated') throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    const user = session as SessionRow & UserRow & { rights: string[] };
    const userType = user.user_type === UserType.Admin ? 2 : 1;
    const accessRights = session.company_id ? accessRightsFrom(user.rights, userType) : '';
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      email: user.email,
      userType,
      companyId: session.company_id,
      accessRights,
      readOnly: claims.scope === 'read',
      restriction: user.force_change_password
        ? 'passwordChange'
        : user.eula_version < LATEST_EULA_VERSION
          ? 'eula'
          : session.terms_pending
            ? 'companyTerms'
            : null,
    };
  }
}

const MEMBER_REFUSALS: Readonly<Record<string, { code: string; message: string }>> = {
  suspended: { code: ErrorCodes.userSuspended, message: 'Your access to this company is suspended. Contact its administrator.' },
  deactivated: { code: ErrorCodes.userDeactivated, message: 'Your access to this company is deactivated. Contact its administrator.' },
  terminated: { code: ErrorCodes.userTerminated, message: 'Your access to this company has ended.' },
};

function refuse(errorCode: string, errorMessage: string): UnauthorizedException {
  return new UnauthorizedException({ errorCode, errorMessage });
}
