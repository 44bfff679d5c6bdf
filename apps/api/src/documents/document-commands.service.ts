// The write path of documents: the folded state (kept in process, see document-loader.ts), the actor,
// decide (machine + document rules), append with the expected revision (read models follow in the same
// transaction), reply with the new revision and the actions this user may take next.
import { refusal, invalidFields } from '../common/refusal.js';
import { ValueCaps } from '../subscriptions/value-caps.service.js';
import { totalSenOf } from '../subscriptions/value-caps.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isRequestResource, type DocumentActionReply, type DocumentResource } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { isInDirectory } from '../companies/company-directory.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { DocumentActors } from './document-actor.js';
import { DocumentSides } from './document-sides.js';
import { DocumentDraws } from './document-draws.js';
import { ContractSums } from './document-variations.js';
import { creationEvents, decideAction, decideCreate, decideEdit, type ActionBody } from './document.decider.js';
import { parseFieldChanges } from './document-fields.js';
import { DocumentLoader, fold } from './document-loader.js';
import { DocumentNumbers } from './document-numbers.js';
import { documentActions, REQUESTING_EVENTS } from './document-rules.js';
import { documentStreamId, type DocumentState } from './document.state.js';
import { VendorNumbers, type Reservation } from './vendor-numbers.js';
import { roundTimersMetadata } from '../approval-timers/round-timers.js';

/** Fields whose change asks the source again what remains to deliver or claim. */
const DRAW_FIELDS = [
  'sourceDocumentId',
  'items',
  'claimPercentage',
  'claimItems',
  'variationType',
  'instructionId',
  'counterpartyCompanyId',
];

/** `If-Match: 5`, `"5"` or `W/"5"`: the revision the caller last read. Missing: 428. */
export function parseIfMatch(header: string | undefined): number {
  if (header === undefined || header === '')
    throw refusal(428, 'ifMatchRequired', 'Send If-Match with the revision you last read (the ETag).');
  const match = /^(?:W\/)?"?(\d{1,12})"?$/.exec(header.trim());
  if (!match) throw refusal(400, 'invalidIfMatch', 'If-Match must be a revision number.');
  return Number(match[1]);
}

const stale = (expected: number, actual: number) =>
  refusal(409, 'wrongExpectedRevision', `The document changed: you sent revision ${expected}, it is at ${actual}. Read it again.`);

/** A request is made inside a project (spec §2.6 /request/{projectId}/...): it always names one. */
function requireProjectOfRequest(resource: DocumentResource, projectId: string | null | undefined): void {
  if (isRequestResource(resource) && (projectId === null || projectId === undefined))
    throw invalidFields({ projectId: ['required: a request is made inside a project'] });
}

function actionBody(raw: unknown): ActionBody {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidFields({ body: ['must be a JSON object'] });
  const body = raw as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000))
    problems.remark = ['must be a string of at most 2000 characters'];
  if (body.amount !== undefined && typeof body.amount !== 'string') problems.amount = ['must be a decimal string'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return {
    ...(body.remark !== undefined ? { remark: body.remark as string } : {}),
    ...(body.amount !== undefined ? { amount: body.amount as string } : {}),
  };
}

@Injectable()
export class DocumentCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly actors: DocumentActors,
    private readonly numbers: DocumentNumbers,
    private readonly loader: DocumentLoader,
    private readonly draws: DocumentDraws,
    private readonly vendorNumbers: VendorNumbers,
    private readonly sides: DocumentSides,
    private readonly caps: ValueCaps,
    private readonly variations: ContractSums,
  ) {}

  async create(resource: DocumentResource, principal: Principal, body: unknown): Promise<{ state: DocumentState; actor: Actor }> {
    const parsed = parseFieldChanges(body, true, resource);
    // A variation order (or an instruction on a contract) left without a counterparty goes to the contract's contractor.
    const changes = await this.variations.withCounterpartyFromContract(resource, parsed);
    requireProjectOfRequest(resource, changes.projectId);
    // A request is internal to the company (a requisition): it names no counterparty.
    if (isRequestResource(resource) && changes.counterpartyCompanyId)
      throw invalidFields({ counterpartyCompanyId: ['a request has no counterparty'] });
    const companyActor = await this.actors.actorFor(principal);
    await this.actors.checkOwnProject(companyActor.companyId, changes.projectId);
    // A payment certificate on a contract records the contract's sum as varied.
    const certified = await this.variations.withCertifiedSum(resource, changes, null, companyActor.companyId);
    const actor = await this.actors.forDocument(companyActor, {
      companyId: companyActor.companyId,
      fields: { projectId: changes.projectId ?? null },
    });
    const now = this.now();
    const manual = await this.actors.manualFor(actor.companyId, resource);
    const side = await this.sides.createdBySeller(resource, actor.companyId, {
      sourceDocumentId: changes.sourceDocumentId ?? null,
      counterpartyCompanyId: changes.counterpartyCompanyId ?? null,
    });
    const scope = { companyId: actor.companyId, fields: { projectId: changes.projectId ?? null } };
    const roundManual = await this.actors.withHolders(manual?.manual, scope, resource);
    const { fields, statusEvent } = decideCreate(resource, certified, actor, now.toISOString(), roundManual, side);
    if (fields.counterpartyCompanyId !== null) {
      // Only a company the caller may find in its directory (approved; demo and real data apart).
      if (!(await isInDirectory(this.db, actor.companyId, fields.counterpartyCompanyId))) {
        throw refusal(422, 'unknownCounterparty', 'The counterparty is not an approved company.', {
          fields: { counterpartyCompanyId: ['unknownCounterparty'] },
        });
      }
    }
    await this.draws.check(resource, fields, actor.companyId, null);
    if (resource === 'variationOrder') await this.variations.check(fields, actor.companyId, null);
    const documentId = randomUUID();
    // The vendor's number is reserved last, after every other check, so a refused create rarely holds one.
    const reservation = fields.vendorDocumentNo
      ? await this.vendorNumbers.reserve(actor.companyId, resource, fields.vendorDocumentNo, documentId, actor.userId)
      : null;
    try {
      const documentNo = await this.numbers.allocate(actor.companyId, resource, now, documentId, actor.userId);
      const events = creationEvents({ resource, documentId, documentNo, actor, fields, statusEvent });
      const result = await this.store.append({
        streamId: documentStreamId(resource, documentId),
        streamType: resource,
        expectedRevision: 'no_stream',
        events: events.map((event) => ({
          type: event.type,
          data: event.data as unknown as JsonValue,
          metadata: { actorUserId: actor.userId, actorCompanyId: actor.companyId },
        })),
      });
      const state = fold(result.events)!;
      this.loader.remember(state);
      return { state, actor };
    } catch (error) {
      await this.releaseOnFailure(reservation, documentId, actor);
      throw error;
    }
  }

  private async releaseOnFailure(reservation: Reservation | null, documentId: string, actor: Actor): Promise<void> {
    if (reservation)
      await this.vendorNumbers.release(reservation, documentId, 'the document was not recorded', actor.userId, actor.companyId);
  }

  async edit(
    resource: DocumentResource,
    id: string,
    principal: Principal,
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<{ state: DocumentState; actor: Actor }> {
    const expected = parseIfMatch(ifMatch);
    const companyActor = await this.actors.actorFor(principal);
    const { state } = await this.loader.load(resource, id, companyActor.companyId, expected);
    const actor = await this.actors.forDocument(companyActor, state);
    if (expected !== state.revision) throw stale(expected, state.revision);
    const requested = await this.variations.withCertifiedSum(
      resource,
      parseFieldChanges(body, false, resource),
      state.fields,
      state.companyId,
    );
    if (requested.projectId === null) requireProjectOfRequest(resource, null);
    if (requested.projectId !== state.fields.projectId) await this.actors.checkOwnProject(state.companyId, requested.projectId);
    const edited = decideEdit(state, requested, actor, this.now().toISOString());
    if (edited === null) return { state, actor };
    const changes = edited.data.changes;
    const next = { ...state.fields, ...changes };
    const streamId = documentStreamId(resource, id);
    if (DRAW_FIELDS.some((field) => field in changes)) {
      await this.draws.check(resource, next, state.companyId, streamId);
      if (resource === 'variationOrder') await this.variations.check(next, state.companyId, streamId);
    }
    const reservation =
      'vendorDocumentNo' in changes && next.vendorDocumentNo
        ? await this.vendorNumbers.reserve(state.companyId, resource, next.vendorDocumentNo, id, actor.userId)
        : null;
    try {
      const result = await this.store.append({
        streamId,
        streamType: resource,
        expectedRevision: expected,
        events: [{ type: edited.type, data: edited.data, metadata: { actorUserId: actor.userId, actorCompanyId: actor.companyId } }],
      });
      const after = fold(result.events, state)!;
      this.loader.remember(after);
      return { state: after, actor };
    } catch (error) {
      await this.releaseOnFailure(reservation, id, actor);
      if (error instanceof WrongExpectedRevision) throw stale(expected, Number.isInteger(error.actual) ? Number(error.actual) : -1);
      throw error;
    }
  }

  async act(
    resource: DocumentResource,
    id: string,
    eventName: string,
    principal: Principal,
    rawBody: unknown,
    ifMatch: string | undefined,
    idempotencyKey: string | undefined,
  ): Promise<DocumentActionReply> {
    const body = actionBody(rawBody);
    const key = idempotencyKey?.trim() || undefined;
    if (key !== undefined && key.length > 200) throw invalidFields({ 'Idempotency-Key': ['must be at most 200 characters'] });
    const companyActor = await this.actors.actorFor(principal);
    const streamId = documentStreamId(resource, id);
    if (key) {
      const earlier = await this.earlierReply(resource, id, streamId, eventName, key, companyActor);
      if (earlier) return earlier;
    }
    const expected = parseIfMatch(ifMatch);
    const { state } = await this.loader.load(resource, id, companyActor.companyId, expected);
    const actor = await this.actors.forDocument(companyActor, state);
    if (expected !== state.revision) throw stale(expected, state.revision);
    const manual = await this.actors.manualFor(state.companyId, resource);
    const roundManual = await this.actors.withHolders(manual?.manual, state, resource);
    const statusEvent = decideAction(state, eventName, body, actor, this.now().toISOString(), roundManual);
    // Asking for approval checks again what remains on the source: other documents may have taken it since.
    if (state.fields.sourceDocumentId && REQUESTING_EVENTS.has(statusEvent.workflowEvent))
      await this.draws.check(resource, state.fields, state.companyId, streamId);
    // A variation order is checked again when asked for and on each approval: the contract's claims may have certified more since.
    if (resource === 'variationOrder' && (REQUESTING_EVENTS.has(statusEvent.workflowEvent) || statusEvent.workflowEvent === 'Approve'))
      await this.variations.check(state.fields, state.companyId, streamId);
    // A certificate on a contract goes for approval on the contract's sum as it stands.
    if (resource === 'paymentCertificate' && REQUESTING_EVENTS.has(statusEvent.workflowEvent))
      await this.variations.checkCertifiedSum(state.fields, state.companyId);
    try {
      const append = () =>
        this.store.append({
          streamId,
          streamType: resource,
          expectedRevision: expected,
          events: [
            {
              type: 'WorkflowStatusChanged',
              data: statusEvent as unknown as JsonValue,
              metadata: {
                actorUserId: actor.userId,
                actorCompanyId: actor.companyId,
                ...(key ? { idempotencyKey: key } : {}),
                ...(manual ? { authorityManualVersion: manual.view.version } : {}),
                ...roundTimersMetadata(statusEvent, manual?.view),
              },
            },
          ],
        });
      // Asking for approval commits the document's value: awards, orders and claims count on the package's yearly cap.
      const result = REQUESTING_EVENTS.has(statusEvent.workflowEvent)
        ? await this.caps.within(state.companyId, resource, totalSenOf(state.fields.totals.total), append)
        : await append();
      const after = fold(result.events, state)!;
      this.loader.remember(after);
      return this.reply(after, actor);
    } catch (error) {
      if (error instanceof WrongExpectedRevision) {
        // The same key may have won the race from a parallel retry: answer as it was answered.
        const earlier = key ? await this.earlierReply(resource, id, streamId, eventName, key, actor) : null;
        if (earlier) return earlier;
        throw stale(expected, Number.isInteger(error.actual) ? Number(error.actual) : -1);
      }
      throw error;
    }
  }

  reply(state: DocumentState, actor: Actor): DocumentActionReply {
    return {
      success: true,
      id: state.id,
      revision: state.revision,
      status: state.workflow.status,
      availableActions: documentActions(state.resource, state.workflow, actor),
    };
  }

  /**
   * The reply an action with this Idempotency-Key got: the key is recorded in the event's metadata (and
   * indexed per user by the projection), and the reply is rebuilt from the stream at that revision.
   */
  private async earlierReply(
    resource: DocumentResource,
    id: string,
    streamId: string,
    eventName: string,
    key: string,
    actor: Actor,
  ): Promise<DocumentActionReply | null> {
    const [row] = await this.db.query<{ stream_id: string; revision: string | number; workflow_event: string }>(
      'SELECT stream_id, revision, workflow_event FROM document_idempotency WHERE user_id = $1 AND idempotency_key = $2',
      [actor.userId, key],
    );
    if (!row) return null;
    if (row.stream_id !== streamId || row.workflow_event !== eventName) {
      throw refusal(422, 'idempotencyKeyReused', 'This Idempotency-Key was used for another action.');
    }
    const state = fold(await this.loader.events(resource, id, { toRevision: Number(row.revision) }));
    if (state === null) return null;
    return this.reply(state, await this.actors.forDocument(actor, state));
  }
}
