// The read side of one document: the view (fields, revision, actions for the caller, approval route),
// the document as it stood at a revision or a time, and chain verification (the history: document-history.ts).
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import type { ApprovalRouteView, AuthorityManualView, ChainVerificationReply, DocumentResource, DocumentView } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { authorityManualStream, type ManualData } from '../authority/authority.events.js';
import type { Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { approvalRoute } from './approval-route.js';
import { DocumentActors } from './document-actor.js';
import { DocumentSnapshots } from './document-snapshots.js';
import { canSee, DocumentLoader, fold, notFound } from './document-loader.js';
import { feesOf, warningsOf } from './document-fees-view.js';
import { ContractSums } from './document-variations.js';
import { documentActions, isEditable } from './document-rules.js';
import { CREATED_REVISION, documentStreamId, type DocumentState } from './document.state.js';
import { sharedFromRevision } from './counterparty-view.js';
import { estimateWithheld, withoutEstimate } from './estimate-withheld.js';
import { ApprovalDueTimes } from '../approval-timers/approval-due-times.js';

export type AsOf = { asOf?: string; revision?: string };

const COUNTERPARTY_ROUTE: ApprovalRouteView = {
  reason: { manual: 'workflowDefault', manualVersion: null, amount: null, limitApplied: null },
  open: false,
  requiredLevels: [],
  approvals: [],
  nextLevel: null,
  mayActNext: [],
  levels: [],
};

@Injectable()
export class DocumentQueries {
  private readonly snapshots = new DocumentSnapshots();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly actors: DocumentActors,
    private readonly loader: DocumentLoader,
    private readonly contracts: ContractSums,
    private readonly dueTimes: ApprovalDueTimes,
  ) {}

  /**
   * GET one: now, or as it stood at `?revision=` / `?asOf=`. Visibility is judged on the document now:
   * for a replay from the read model (one indexed row), then only the events up to the point are read.
   */
  async view(resource: DocumentResource, id: string, principal: Principal, at: AsOf = {}): Promise<DocumentView> {
    const companyActor = await this.actors.actorFor(principal);
    if (at.revision === undefined && at.asOf === undefined) {
      const { state } = await this.loader.load(resource, id, companyActor.companyId);
      return this.toView(state, await this.actors.forDocument(companyActor, state));
    }
    if (at.revision !== undefined && !/^\d{1,12}$/.test(at.revision)) throw refusal(400, 'invalidAsOf', 'revision must be a whole number.');
    const time = at.asOf === undefined ? undefined : new Date(at.asOf);
    if (time !== undefined && (Number.isNaN(time.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(at.asOf ?? '')))
      throw refusal(400, 'invalidAsOf', 'asOf must be an ISO 8601 time.');
    const now = await this.loader.visibleRow(resource, id, companyActor.companyId);
    const actor = await this.actors.forDocument(companyActor, now);
    // Revision 0 (the Draft, where the history starts) is not a document without the Create appended with it.
    const point = {
      ...(at.revision !== undefined ? { toRevision: Math.max(Number(at.revision), CREATED_REVISION) } : {}),
      ...(time ? { toTime: time } : {}),
    };
    const streamId = documentStreamId(resource, id);
    // The counterparty reads the document only from the step that shared it with it (counterparty-view.ts).
    if (now.companyId !== companyActor.companyId && sharedFromRevision(resource, await this.loader.events(resource, id, point)) === null) {
      throw refusal(404, 'documentNotFound', 'The document was not shared with your company yet at that point.');
    }
    const from = this.snapshots.nearest(streamId, point);
    const events = await this.loader.events(resource, id, { ...point, ...(from ? { fromRevision: from.state.revision + 1 } : {}) });
    const then = this.snapshots.replay(streamId, from, events);
    if (then === null) throw refusal(404, 'documentNotFound', 'The document did not exist yet at that point.');
    return this.toView(then, actor);
  }

  /** An instruction's comparison: the variation orders made from it that the reader sees, and their summary. */
  private async comparisonOf(
    state: DocumentState,
    actor: Actor,
  ): Promise<Pick<DocumentView, 'linkedVariations' | 'linkedVariationsSummary'>> {
    if (actor.kind === 'system' || state.resource !== 'instruction') return { linkedVariations: null, linkedVariationsSummary: null };
    const { items, summary } = await this.contracts.linkedTo(state.id, actor.companyId);
    return { linkedVariations: items, linkedVariationsSummary: summary };
  }

  async toView(state: DocumentState, actor: Actor): Promise<DocumentView> {
    const counterparty = state.fields.counterpartyCompanyId;
    const { companies } = await this.actors.names([], counterparty ? [state.companyId, counterparty] : [state.companyId]);
    const view: DocumentView = {
      ...state.fields,
      id: state.id,
      resource: state.resource,
      documentNo: state.documentNo,
      companyId: state.companyId,
      status: state.workflow.status,
      revision: state.revision,
      machineVersion: state.workflow.context.machineVersion,
      createdBy: state.createdBy,
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
      companyName: companies.get(state.companyId) ?? null,
      counterpartyName: counterparty ? (companies.get(counterparty) ?? null) : null,
      projectName: await this.loader.projectNameOf(state.fields.projectId, state.companyId),
      availableActions: documentActions(state.resource, state.workflow, actor),
      // The approval route is the owner's round (who approved, who may act next, its manual and limit): the
      // counterparty gets an empty one (README, "What a counterparty sees").
      approvalRoute: actor.kind !== 'system' && actor.companyId !== state.companyId ? COUNTERPARTY_ROUTE : await this.route(state),
      editable: isEditable(state.resource, state.workflow),
      fees: feesOf(state),
      warnings: warningsOf(state),
      source: actor.kind === 'system' ? null : await this.loader.sourceOf(state.fields.sourceDocumentId, actor.companyId),
      contract: actor.kind === 'system' ? null : await this.contracts.viewFor(state.resource, state.id, state.fields, actor.companyId),
      ...(await this.comparisonOf(state, actor)),
    };
    // A tender's counterparty (a bidder) reads it without the buyer's estimate (estimate-withheld.ts).
    return actor.kind !== 'system' && estimateWithheld(state.resource, state.companyId, actor.companyId) ? withoutEstimate(view) : view;
  }

  /** Which levels the round needs and why, who has approved, who may act next (also what the notifications reactor asks, without the rest of the view). */
  async route(state: DocumentState): Promise<ApprovalRouteView> {
    const route = await approvalRoute(state, await this.manualOfRound(state), this.actors);
    return { ...route, ...(await this.dueTimes.of(state.id, route.nextLevel, state.revision)) };
  }

  /**
   * The manual a route cites: the version its round was opened under (read back from the manual's stream
   * when the manual has changed since), or, before any round, the one in force now.
   */
  private async manualOfRound(state: DocumentState): Promise<AuthorityManualView | undefined> {
    const current = (await this.actors.manualFor(state.companyId, state.resource))?.view;
    const version = state.roundManualVersion;
    if (version === undefined || state.workflow.context.approval.requiredLevels.length === 0 || current?.version === version)
      return current;
    if (version === null) return undefined;
    const events = await this.store.readStream(authorityManualStream(state.companyId, state.resource));
    const then = events.find((e) => (e.data as unknown as ManualData).version === version);
    if (!then) return current;
    const data = then.data as unknown as ManualData;
    return {
      companyId: data.companyId,
      resource: data.resource,
      label: data.label,
      note: data.note,
      levels: data.levels,
      allowSelfApproval: data.allowSelfApproval,
      roleType: data.roleType,
      roles: data.roles,
      version: data.version,
      updatedAt: then.metadata.recordedAt,
      updatedBy: data.by,
    };
  }

  async verify(resource: DocumentResource, id: string, principal: Principal): Promise<ChainVerificationReply> {
    if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const events = await this.loader.events(resource, id);
    // Visibility from the events as far as they fold; a stream too broken to fold is still verified for its owner.
    const owner = events.find((e) => e.type === 'DocumentDrafted')?.metadata.actorCompanyId;
    let visible = owner === principal.companyId;
    if (!visible) {
      try {
        const state = fold(events);
        visible = state !== null && canSee(state, principal.companyId);
      } catch {
        visible = false;
      }
    }
    if (events.length === 0 || !visible) throw notFound();
    const result = await this.store.verifyStream(documentStreamId(resource, id));
    return {
      success: true,
      resource,
      id,
      streamId: result.streamId,
      ok: result.ok,
      eventsChecked: result.eventsChecked,
      firstBadRevision: result.firstBadRevision ?? null,
      reason: result.reason ?? null,
    };
  }
}
