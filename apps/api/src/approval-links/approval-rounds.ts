// What the e-mail and its links ask of the documents context: the document now, whether the round a link
// names still waits at its level, who asked, and who the recipient is. The route (who may act next) and the
// names come from the documents context's own instances (ModuleRef), never from a copy of their rules.
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { DocumentResource, WorkflowStatusChanged } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { nextMissingLevel } from '@binaan/workflows';
import { READ_MODELS } from '../common/principal.js';
import { DocumentActors } from '../documents/document-actor.js';
import { DocumentQueries } from '../documents/document-queries.service.js';
import { documentStreamId, foldDocument, type DocumentState } from '../documents/document.state.js';
import type { NotificationRaisedData } from '../notifications/notification.events.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { MAIL_LANGUAGES, type MailLanguage } from './approval-mail-texts.js';

export type DocumentNow = { state: DocumentState; events: StoredEvent[] };

export type OpenRequest = {
  state: DocumentState;
  /** The revision of the status change the request is for, and the level it asks for. */
  revision: number;
  level: number;
  /** When and by whom the round was opened. */
  askedAt: string;
  askerName: string;
  companyName: string;
  /** The route names the user among those who may act next. */
  mayAct: boolean;
};

export type Recipient = { email: string; name: string; language: MailLanguage };

const statusChange = (event: StoredEvent) =>
  event.type === 'WorkflowStatusChanged' ? (event.data as unknown as WorkflowStatusChanged) : null;

/**
 * Whether the round as of `revision` no longer waits at `level`: the status event there is missing, the
 * round is closed, it waits for another level, or a later event opened a new round (a Resubmit after a
 * Reject, even at the same level and status).
 */
export function movedOn(document: DocumentNow, revision: number, level: number): boolean {
  const source = document.events.find((event) => event.revision === revision);
  const change = source ? statusChange(source) : null;
  if (!change) return true;
  const { workflow } = document.state;
  if (workflow.status !== change.statusAfter || !workflow.context.approval.open) return true;
  if (nextMissingLevel(workflow.context.approval) !== level) return true;
  return document.events.some((event) => event.revision > revision && statusChange(event)?.requiredLevels != null);
}

@Injectable()
export class ApprovalRounds {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly modules: ModuleRef,
  ) {}

  private get queries(): DocumentQueries {
    return this.modules.get(DocumentQueries, { strict: false });
  }

  private get actors(): DocumentActors {
    return this.modules.get(DocumentActors, { strict: false });
  }

  /** The document as its stream has it now; null when there is none, or it no longer folds. */
  async document(resource: DocumentResource, id: string): Promise<DocumentNow | null> {
    const events = await this.store.readStream(documentStreamId(resource, id));
    try {
      const state = foldDocument(events);
      return state ? { state, events } : null;
    } catch {
      return null;
    }
  }

  /** The approval request a notification carries, if its round still waits at that level now. */
  async openRequest(raised: NotificationRaisedData): Promise<OpenRequest | null> {
    const facts = raised.eventData;
    const level = facts.awaiting_level;
    if (level === null || level === undefined) return null;
    const document = await this.document(facts.resource as DocumentResource, raised.srcId);
    const source = document?.events.find((event) => event.id === raised.sourceEventId);
    if (!document || !source || movedOn(document, source.revision, level)) return null;
    // Only the owner's round: a notification raised for another company is no approval request.
    if (facts.recipient_company_id !== document.state.companyId) return null;
    const route = await this.queries.route(document.state);
    const opener = [...document.events]
      .reverse()
      .find((event) => event.revision <= source.revision && statusChange(event)?.requiredLevels != null);
    const asked = opener ? statusChange(opener)! : null;
    const names = await this.actors.names(asked?.actor.userId ? [asked.actor.userId] : [], [document.state.companyId]);
    return {
      state: document.state,
      revision: source.revision,
      level,
      askedAt: asked?.at ?? source.metadata.recordedAt,
      askerName: (asked?.actor.userId ? names.users.get(asked.actor.userId) : null) ?? '-',
      companyName: names.companies.get(document.state.companyId) ?? document.state.companyId,
      mayAct: route.mayActNext.some((next) => next.userId === raised.userId),
    };
  }

  /** An activated user with an address, and the language they last used an approval page in (else English). */
  async recipient(userId: string): Promise<Recipient | null> {
    const [row] = await this.db.query<{ email: string; name: string; status: string; language: string | null }>(
      `SELECT u.email, u.name, u.status, l.language FROM identity_users u
         LEFT JOIN approval_link_languages l ON l.user_id = u.user_id WHERE u.user_id = $1`,
      [userId],
    );
    if (!row || row.status !== 'activated' || row.email === '' || row.email === '[erased]') return null;
    const language = MAIL_LANGUAGES.find((known) => known === row.language) ?? 'en';
    return { email: row.email, name: row.name, language };
  }

  /** The user's account and membership in the company, for acting through a link. */
  async account(
    userId: string,
    companyId: string,
  ): Promise<{ email: string; name: string; userType: 1 | 2; status: string; memberStatus: string | null } | null> {
    const [row] = await this.db.query<{ email: string; name: string; user_type: number; status: string; member_status: string | null }>(
      `SELECT u.email, u.name, u.user_type, u.status,
         (SELECT m.status FROM company_members m WHERE m.user_id = u.user_id AND m.company_id = $2) AS member_status
       FROM identity_users u WHERE u.user_id = $1`,
      [userId, companyId],
    );
    if (!row) return null;
    return {
      email: row.email,
      name: row.name,
      userType: Number(row.user_type) === 2 ? 2 : 1,
      status: row.status,
      memberStatus: row.member_status,
    };
  }
}
