// The company's terms and agreements: versions published by those holding the terms right, each member's
// acceptance recorded at their next company choice (company-terms-reads.ts says when one is due).
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, companyTermsErrors, type CompanyTermsView } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { pageRange } from '../common/page-range.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { companyTermsToAccept } from './company-terms-reads.js';
import { termsStream, TERMS_STREAM_TYPE, type CompanyTermsEvent } from './company-terms.events.js';

const VIEW = ['administration.termsAndAgreements.view', 'administration.termsAndAgreements.update'] as const;
const UPDATE = 'administration.termsAndAgreements.update' as const;
type VersionRow = {
  version: number;
  title: string;
  contents: string;
  published_at: Date | string;
  published_by_name: string | null;
  reason: string | null;
  accepted: string | number;
};

@Injectable()
export class CompanyTermsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** Published versions, newest first, each with how many have accepted it: `?range=[0,9]`. */
  async versions(principal: Principal, rawRange: unknown) {
    const companyId = companyOf(principal, ...VIEW);
    const range = pageRange(rawRange, 10, 50);
    const rows = await this.db.query<VersionRow>(
      `SELECT t.version, t.title, t.contents, t.published_at, t.reason, u.name AS published_by_name,
         (SELECT COUNT(*) FROM company_terms_acceptances a WHERE a.company_id = t.company_id AND a.version = t.version) AS accepted
       FROM company_terms t LEFT JOIN identity_users u ON u.user_id = t.published_by
       WHERE t.company_id = $1 ORDER BY t.version DESC LIMIT ${range.limit} OFFSET ${range.from}`,
      [companyId],
    );
    // Versions are numbered from 1 without gaps: the newest number is the count, read from the primary key.
    const [latest] = await this.db.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM company_terms WHERE company_id = $1',
      [companyId],
    );
    return {
      rows: rows.map((row) => ({ ...view(row), reason: row.reason, acceptedBy: Number(row.accepted) })),
      total: Number(latest?.version ?? 0),
      range,
    };
  }

  /** Who accepted a version and when, earliest first: `?range=[0,24]`. */
  async acceptances(principal: Principal, version: number, rawRange: unknown) {
    const companyId = companyOf(principal, ...VIEW);
    const range = pageRange(rawRange, 25, 100);
    const rows = await this.db.query<{ user_id: string; name: string | null; accepted_at: Date | string }>(
      `SELECT a.user_id, u.name, a.accepted_at FROM company_terms_acceptances a LEFT JOIN identity_users u ON u.user_id = a.user_id
       WHERE a.company_id = $1 AND a.version = $2 ORDER BY a.accepted_at, a.user_id LIMIT ${range.limit + 1} OFFSET ${range.from}`,
      [companyId, version],
    );
    return {
      rows: rows
        .slice(0, range.limit)
        .map((row) => ({ userId: row.user_id, name: row.name, acceptedAt: new Date(row.accepted_at).toISOString() })),
      more: rows.length > range.limit,
      range,
    };
  }

  /** A new version; the publisher, who wrote it, has accepted it. Everyone else accepts at their next company choice. */
  async publish(principal: Principal, body: unknown) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const companyId = companyOf(principal, UPDATE);
    const problems = companyTermsErrors(body);
    if (Object.keys(problems).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(problems).join(', ')}.`, { fields: problems });
    const { title, contents, reason } = body as { title: string; contents: string; reason?: string | null };
    const events = await this.store.readStream(termsStream(companyId));
    const version = events.filter((event) => event.type === 'CompanyTermsPublished').length + 1;
    await this.append(principal, companyId, events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision, [
      {
        type: 'CompanyTermsPublished',
        data: { companyId, version, title: title.trim(), contents: contents.trim(), reason: reason?.trim() || null },
      },
      { type: 'CompanyTermsAccepted', data: { companyId, version, userId: principal.userId } },
    ]);
    return { success: true as const, version };
  }

  /** What the caller must accept in the chosen company (null when nothing). */
  async toAccept(principal: Principal) {
    const companyId = companyOf(principal);
    return {
      success: true as const,
      data: principal.userType === 2 ? null : await companyTermsToAccept(this.db, companyId, principal.userId),
    };
  }

  /** `{ version }`: the version shown, which must still be the latest; accepting it again records nothing. */
  async accept(principal: Principal, body: unknown) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const companyId = companyOf(principal);
    const version = (body as { version?: unknown } | null)?.version;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: version.', { fields: { version: ['invalid'] } });
    const [latest] = await this.db.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM company_terms WHERE company_id = $1',
      [companyId],
    );
    if (Number(latest?.version ?? 0) !== version)
      throw refusal(409, ErrorCodes.companyTermsVersionStale, `Version ${version} is not the company's latest terms: read them again.`);
    const due = await companyTermsToAccept(this.db, companyId, principal.userId);
    if (due !== null)
      await this.append(principal, companyId, 'stream_exists', [
        { type: 'CompanyTermsAccepted', data: { companyId, version, userId: principal.userId } },
      ]);
    return { success: true as const, version, recorded: due !== null };
  }

  private async append(
    principal: Principal,
    companyId: string,
    expected: number | 'no_stream' | 'stream_exists',
    events: CompanyTermsEvent[],
  ) {
    await this.store.append({
      streamId: termsStream(companyId),
      streamType: TERMS_STREAM_TYPE,
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data,
        metadata: { actorUserId: principal.userId, actorCompanyId: companyId },
      })),
    });
  }
}

function view(row: VersionRow): CompanyTermsView {
  return {
    version: Number(row.version),
    title: row.title,
    contents: row.contents,
    publishedAt: new Date(row.published_at).toISOString(),
    publishedBy: row.published_by_name,
  };
}
