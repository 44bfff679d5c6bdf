// What an approval link is for (the GET, which never acts: mail scanners fetch links), and its use: the
// document's ordinary Approve or Reject, sent through the documents context's command bus as the recipient,
// with their authority as it is now, so every guard of the signed-in API applies unchanged.
import type { ApprovalLinkDescription, ApprovalLinkOutcome, ApprovalLinkUnusable } from '@binaan/contracts';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorCodes, hasAnyAccessRight, type DocumentActionReply } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type StoredEvent } from '@binaan/event-store';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal, invalidFields } from '../common/refusal.js';
import { CompanyAccess } from '../companies/company-access.js';
import { ENDED_MEMBERS } from '../companies/company-choice.service.js';
import { actionRights, DocumentModules } from '../documents/document-access.js';
import { ActOnDocument } from '../documents/document.commands.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { APPROVAL_LINK_STREAM_TYPE, approvalLinkStream, type ApprovalLinkEvent } from './approval-link.events.js';
import { ApprovalLinkKey } from './approval-link-key.js';
import { readApprovalLink, type ApprovalLinkClaims } from './approval-link-token.js';
import { MAIL_LANGUAGES } from './approval-mail-texts.js';
import { ApprovalRounds, movedOn, type DocumentNow } from './approval-rounds.js';

export type { ApprovalLinkDescription, ApprovalLinkOutcome, ApprovalLinkUnusable };

const EVENTS = { approve: 'Approve', reject: 'Reject' } as const;

const invalid = () => refusal(400, ErrorCodes.approvalLinkInvalid, 'This approval link is not valid. Open the document in Binaan instead.');
const MESSAGES: Readonly<Record<ApprovalLinkUnusable, [number, string]>> = {
  approvalLinkExpired: [410, 'This approval link has expired. Open the document in Binaan instead.'],
  approvalLinkUsed: [409, 'This approval link has been used already.'],
  approvalLinkStale: [409, 'The document has moved on since this link was sent: it no longer waits for this approval.'],
};
const unusable = (reason: ApprovalLinkUnusable) => refusal(MESSAGES[reason][0], reason, MESSAGES[reason][1]);

@Injectable()
export class ApprovalLinks {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly commands: CommandBus,
    private readonly key: ApprovalLinkKey,
    private readonly rounds: ApprovalRounds,
    private readonly access: CompanyAccess,
  ) {}

  async describe(token: string): Promise<ApprovalLinkDescription> {
    const claims = this.claims(token);
    const [document, uses, account] = await Promise.all([
      this.rounds.document(claims.resource, claims.documentId),
      this.uses(claims.nonce),
      this.rounds.account(claims.userId, claims.companyId),
    ]);
    if (!document || document.state.companyId !== claims.companyId || !account) throw invalid();
    const reason = this.unusable(claims, document, uses);
    const { state } = document;
    return {
      success: true,
      action: claims.action,
      resource: state.resource,
      documentId: state.id,
      documentNo: state.documentNo,
      title: state.fields.title,
      amount: state.fields.totals.total,
      currency: state.fields.currency,
      companyName: (await this.access.company(state.companyId))?.name ?? state.companyId,
      recipientName: account.name,
      level: claims.level,
      expiresAt: new Date(claims.expiresAt * 1000).toISOString(),
      usable: reason === null,
      reason,
    };
  }

  async use(token: string, rawBody: unknown): Promise<ApprovalLinkOutcome> {
    const claims = this.claims(token);
    const body = parseBody(rawBody, claims.action);
    const [document, uses] = await Promise.all([this.rounds.document(claims.resource, claims.documentId), this.uses(claims.nonce)]);
    if (!document || document.state.companyId !== claims.companyId) throw invalid();
    const reason = this.unusable(claims, document, uses);
    if (reason) throw unusable(reason);
    const principal = await this.principal(claims);
    const event = EVENTS[claims.action];
    // The route's own right (ModuleAccessGuard on the signed-in route), before anything is recorded.
    if (!hasAnyAccessRight(principal.accessRights, ...actionRights(DocumentModules[claims.resource], event)))
      throw refusal(403, ErrorCodes.noAccessRight, 'You no longer hold the access right this action needs in the company.');
    const revision = document.state.revision;
    const useAt = await this.claimUse(claims, uses, revision, body.language);
    try {
      const reply: DocumentActionReply = await this.commands.execute(
        new ActOnDocument(
          claims.resource,
          claims.documentId,
          event,
          principal,
          body.remark === undefined ? {} : { remark: body.remark },
          String(revision),
          `approval-link-${claims.nonce}`,
        ),
      );
      return {
        success: true,
        action: claims.action,
        documentNo: document.state.documentNo,
        status: reply.status,
        revision: reply.revision,
      };
    } catch (error) {
      if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
      const code = errorCodeOf(error);
      const refused = { nonce: claims.nonce, errorCode: code, httpStatus: error.getStatus(), at: this.now().toISOString() };
      await this.record(claims.nonce, useAt, { type: 'ApprovalLinkUseRefused', data: refused }, claims.userId);
      // Acted on by someone else between the check above and the append: the link's round has moved on.
      if (code === ErrorCodes.wrongExpectedRevision) throw unusable('approvalLinkStale');
      throw error;
    }
  }

  private claims(token: string): ApprovalLinkClaims {
    const key = this.key.current();
    const claims = key ? readApprovalLink(key, token) : null;
    if (!claims) throw invalid();
    return claims;
  }

  private uses(nonce: string): Promise<StoredEvent[]> {
    return this.store.readStream(approvalLinkStream(nonce));
  }

  /** Expired first (the link says so whatever else happened), then used, then moved on. */
  private unusable(claims: ApprovalLinkClaims, document: DocumentNow, uses: readonly StoredEvent[]): ApprovalLinkUnusable | null {
    if (this.now().getTime() >= claims.expiresAt * 1000) return 'approvalLinkExpired';
    if (uses.length > 0 && uses[uses.length - 1]!.type === 'ApprovalLinkUsed') return 'approvalLinkUsed';
    if (movedOn(document, claims.revision, claims.level)) return 'approvalLinkStale';
    return null;
  }

  /** The recipient acting for the document's owner company, with their rights there now. */
  private async principal(claims: ApprovalLinkClaims): Promise<Principal> {
    const account = await this.rounds.account(claims.userId, claims.companyId);
    if (!account) throw invalid();
    if (account.status === 'suspended') throw refusal(403, ErrorCodes.accountSuspended, 'This account is suspended.');
    if (account.status !== 'activated') throw refusal(403, ErrorCodes.accountNotActive, 'This account is not active.');
    const ended = account.userType === 2 ? undefined : ENDED_MEMBERS[account.memberStatus ?? ''];
    if (ended) throw refusal(403, ended, 'Your access to this company has been withdrawn.');
    return {
      userId: claims.userId,
      sessionId: `approval-link:${claims.nonce}`,
      email: account.email,
      userType: account.userType,
      companyId: claims.companyId,
      accessRights: await this.access.accessRightsOf(claims.userId, claims.companyId, account.userType),
      readOnly: false,
      restriction: null,
    };
  }

  /** Records the use before acting: of two uses at once, the second finds the stream moved and is refused. */
  private async claimUse(
    claims: ApprovalLinkClaims,
    uses: readonly StoredEvent[],
    revision: number,
    language: string | null,
  ): Promise<number> {
    const at = this.now().toISOString();
    const data = {
      nonce: claims.nonce,
      userId: claims.userId,
      companyId: claims.companyId,
      resource: claims.resource,
      documentId: claims.documentId,
      action: claims.action,
      documentRevision: revision,
      at,
      language,
    };
    return this.record(
      claims.nonce,
      uses.length === 0 ? 'no_stream' : uses[uses.length - 1]!.revision,
      { type: 'ApprovalLinkUsed', data },
      claims.userId,
    );
  }

  private async record(nonce: string, expected: number | 'no_stream', event: ApprovalLinkEvent, actorUserId: string): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: approvalLinkStream(nonce),
        streamType: APPROVAL_LINK_STREAM_TYPE,
        expectedRevision: expected,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) throw unusable('approvalLinkUsed');
      throw error;
    }
  }
}

function parseBody(raw: unknown, action: 'approve' | 'reject'): { remark?: string; language: string | null } {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw invalidFields({ body: ['must be a JSON object'] });
  const body = (raw ?? {}) as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (key !== 'remark' && key !== 'language') problems[key] = ['unknownField'];
  if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000))
    problems.remark = ['must be a string of at most 2000 characters'];
  if (body.language !== undefined && !MAIL_LANGUAGES.some((known) => known === body.language)) problems.language = ['must be en, ms or zh'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
  if (action === 'reject' && remark === '')
    throw refusal(422, 'remarkRequired', 'Say why you reject it: a remark is required.', { fields: { remark: ['remarkRequired'] } });
  return { ...(remark !== '' ? { remark } : {}), language: typeof body.language === 'string' ? body.language : null };
}

function errorCodeOf(error: HttpException): string {
  const reply = error.getResponse();
  return typeof reply === 'object' && reply !== null && typeof (reply as { errorCode?: unknown }).errorCode === 'string'
    ? (reply as { errorCode: string }).errorCode
    : 'refused';
}
