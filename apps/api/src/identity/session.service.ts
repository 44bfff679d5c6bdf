// Sessions: started at login (and again at company choice), ended by logout, password change or reset,
// or 1800 s without a call. Every request is checked against the session row, so an ended session is
// refused at once (401), on every instance.

import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorCodes, UserType } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type AuthenticatedRequest, type Authenticator, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { CompanyAccess } from '../companies/company-access.js';
import { LATEST_EULA_VERSION } from './eula.js';
import type { SessionEvent } from './identity.events.js';
import { SessionTokens } from './session-tokens.js';

export const INACTIVITY_LIMIT_MS = 1800 * 1000;
/** last_seen_at is written at most this often per session, not on every call. */
const RENEW_EVERY_MS = 15_000;

type SessionRow = { session_id: string; user_id: string; company_id: string | null; last_seen_at: Date | string; ended_at: Date | string | null };
type UserRow = { email: string; user_type: number; status: string; force_change_password: boolean; eula_version: number };

export type EndReason = Extract<SessionEvent, { type: 'SessionEnded' }>['data']['reason'];

@Injectable()
export class SessionService implements Authenticator {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tokens: SessionTokens,
    private readonly companies: CompanyAccess,
  ) {}

  async start(userId: string, companyId: string | null, rememberMe: boolean, actor: { correlationId?: string }): Promise<{ sessionId: string; jwtToken: string; readOnlyJwtToken: string }> {
    const sessionId = randomUUID();
    await this.store.append({
      streamId: `session-${sessionId}`, streamType: 'session', expectedRevision: 'no_stream',
      events: [{ type: 'SessionStarted', data: { sessionId, userId, companyId, rememberMe }, metadata: { actorUserId: userId, actorCompanyId: companyId, correlationId: actor.correlationId ?? null } }],
    });
    return {
      sessionId,
      jwtToken: this.tokens.issue({ sub: userId, sid: sessionId, cid: companyId, scope: 'full' }),
      readOnlyJwtToken: this.tokens.issue({ sub: userId, sid: sessionId, cid: companyId, scope: 'read' }),
    };
  }

  async end(sessionId: string, userId: string, reason: EndReason): Promise<void> {
    await this.store.append({
      streamId: `session-${sessionId}`, streamType: 'session', expectedRevision: 'any',
      events: [{ type: 'SessionEnded', data: { sessionId, reason }, metadata: { actorUserId: userId } }],
    });
  }

  /** Ends every open session of a user (password changed or reset). */
  async endAll(userId: string, reason: EndReason): Promise<void> {
    const open = await this.db.query<{ session_id: string }>('SELECT session_id FROM identity_sessions WHERE user_id = $1 AND ended_at IS NULL', [userId]);
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
    const claims = this.tokens.read(found.token);
    if (!claims || (found.fromQuery && claims.scope !== 'read')) throw refuse(ErrorCodes.unauthorized, 'Sign in first.');
    const [session] = await this.db.query<SessionRow>('SELECT session_id, user_id, company_id, last_seen_at, ended_at FROM identity_sessions WHERE session_id = $1', [claims.sid]);
    if (!session || session.user_id !== claims.sub || session.ended_at !== null) throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    const now = this.now().getTime();
    const lastSeen = new Date(session.last_seen_at).getTime();
    if (now - lastSeen > INACTIVITY_LIMIT_MS) {
      await this.end(session.session_id, session.user_id, 'inactivity');
      throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    }
    if (now - lastSeen > RENEW_EVERY_MS) {
      await this.db.query('UPDATE identity_sessions SET last_seen_at = $2 WHERE session_id = $1 AND ended_at IS NULL', [session.session_id, new Date(now).toISOString()]);
    }
    const [user] = await this.db.query<UserRow>('SELECT email, user_type, status, force_change_password, eula_version FROM identity_users WHERE user_id = $1', [claims.sub]);
    if (!user || user.status !== 'activated') throw refuse(ErrorCodes.sessionExpired, 'Your session has ended. Sign in again.');
    const userType = user.user_type === UserType.Admin ? 2 : 1;
    const accessRights = session.company_id ? await this.companies.accessRightsOf(claims.sub, session.company_id, userType) : '';
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      email: user.email,
      userType,
      companyId: session.company_id,
      accessRights,
      readOnly: claims.scope === 'read',
      restriction: user.force_change_password ? 'passwordChange' : user.eula_version < LATEST_EULA_VERSION ? 'eula' : null,
    };
  }
}

function refuse(errorCode: string, errorMessage: string): UnauthorizedException {
  return new UnauthorizedException({ errorCode, errorMessage });
}
