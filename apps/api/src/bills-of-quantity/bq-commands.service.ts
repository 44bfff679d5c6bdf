// The write path of bills of quantity: the project and the caller (bq-access.ts), the kept state
// (bq-loader.ts), per-node freshness and the tree decider (bq.decider.ts) or the machine (approval), then
// one append with the stream's revision as the expected one. Another process's append in between makes
// the store refuse it: the state catches up and the change is decided again (at most 3 times), so a change
// is never applied on a state it was not checked against.
import { refusal, Refused } from '../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WorkflowRefusalHttpStatus, type BqChangeReply, type BqNode, type WorkflowRefusalCode } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue } from '@binaan/event-store';
import { availableActions, decide, type Actor } from '@binaan/workflows';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { BqAccess } from './bq-access.js';
import { checkFresh, decideBq, type BqCommand } from './bq.decider.js';
import { BQ_STREAM_TYPE, bqStreamId, type BqEvent } from './bq.events.js';
import { BqLoader } from './bq-loader.js';
import { childrenOf, emptyBq, nodeView, parentKey, tabViews, type BqState } from './bq-tree.js';
import { formatSen } from '../documents/money.js';

const ATTEMPTS = 3;
const REQUESTING = new Set(['Request_Approve', 'Resubmit']);

/** A command, or one that needs the state and the caller first (a build-up's profit parameter is read in their company). */
export type BqCommandOf = BqCommand | ((state: BqState, actor: Actor) => Promise<BqCommand>);

export type ActionReply = {
  success: true;
  id: string;
  revision: number;
  status: string;
  availableActions: ReturnType<typeof availableActions>;
};

@Injectable()
export class BqCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly loader: BqLoader,
    private readonly access: BqAccess,
  ) {}

  /** A tree, tab or build-up change made on revision `base` (null: the BQ does not exist yet for the caller). */
  async change(principal: Principal, projectId: string, commandOf: BqCommandOf, base: number | null): Promise<BqChangeReply> {
    const actor = await this.access.editor(principal, projectId);
    return this.loader.exclusive(projectId, async () => {
      for (let attempt = 1; ; attempt++) {
        let state = this.loader.kept(projectId);
        if (state === null || (base !== null && base > state.revision)) state = await this.loader.current(projectId);
        try {
          if (state === null || state.revision < 0) {
            if (typeof commandOf === 'function')
              throw refusal(404, 'bqNotFound', 'This project has no bill of quantity yet: add a tab first.');
            return await this.start(projectId, commandOf, actor);
          }
          if (!this.access.proposes(actor))
            throw refusal(
              403,
              'noAuthority',
              'Changing the bill of quantity needs CreatePropose (level 10) on billOfQuantity in the project.',
            );
          if (base === null) throw refusal(428, 'revisionRequired', 'Send the revision you last read (revision in the body, or If-Match).');
          const command = typeof commandOf === 'function' ? await commandOf(state, actor) : commandOf;
          checkFresh(state, command, base);
          const events = decideBq(state, command, { newId: randomUUID });
          if (events.length === 0) return replyFor(state, [], null);
          // A row that leaves its header (delete, outdent) changes that header's amount too.
          const formerParent = 'nodeId' in command ? (state.nodes.get(command.nodeId)?.parentId ?? null) : null;
          const after = await this.append(projectId, state.revision, events, actor);
          return replyFor(after, events, formerParent);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision) || attempt >= ATTEMPTS) throw error;
          await this.loader.current(projectId);
        }
      }
    });
  }

  /** The first change of a project's BQ must add a tab: BqStarted, the machine's Create (level 10), the tab. */
  private async start(projectId: string, command: BqCommand, actor: Actor): Promise<BqChangeReply> {
    if (command.type === 'add') throw refusal(422, 'bqTabRequired', 'Please create at least one tab first.');
    if (command.type !== 'addTab') throw refusal(404, 'bqNotFound', 'This project has no bill of quantity yet: add a tab first.');
    const decision = decide('billOfQuantity', null, { type: 'Create', at: this.now().toISOString() }, actor);
    if (!decision.ok) throw refusedByMachine(decision.refusal.code, 'Create');
    const started: BqEvent[] = [
      { type: 'BqStarted', data: { projectId, companyId: actor.companyId } },
      { type: 'WorkflowStatusChanged', data: decision.event },
    ];
    const tab = decideBq(emptyBq(projectId, actor.companyId), command, { newId: randomUUID });
    const after = await this.append(projectId, 'no_stream', [...started, ...tab], actor);
    return replyFor(after, tab, null);
  }

  /** A workflow action on the BQ, decided by the billOfQuantity machine on exactly the revision read. */
  async act(
    principal: Principal,
    projectId: string,
    eventName: string,
    remark: string | undefined,
    revision: () => number,
  ): Promise<ActionReply> {
    const actor = await this.access.actor(principal, projectId);
    return this.loader.exclusive(projectId, async () => {
      const state = await this.loader.current(projectId);
      if (state === null) throw refusal(404, 'bqNotFound', 'This project has no bill of quantity yet.');
      const base = revision();
      if (base !== state.revision)
        throw refusal(
          409,
          'wrongExpectedRevision',
          `The bill of quantity changed: you sent revision ${base}, it is at ${state.revision}. Read it again.`,
          { revision: state.revision },
        );
      if (REQUESTING.has(eventName)) complete(state);
      const manual = await this.access.manual(state.companyId);
      const decision = decide(
        'billOfQuantity',
        state.workflow,
        {
          type: eventName as 'Approve',
          at: this.now().toISOString(),
          ...(remark ? { remark } : {}),
          ...(manual ? { manual } : {}),
          ...(REQUESTING.has(eventName) ? { amount: Number(state.amount) / 100 } : {}),
        },
        actor,
      );
      if (!decision.ok) throw refusedByMachine(decision.refusal.code, eventName);
      const after = await this.append(projectId, state.revision, [{ type: 'WorkflowStatusChanged', data: decision.event }], actor);
      return {
        success: true,
        id: projectId,
        revision: after.revision,
        status: after.workflow!.status,
        availableActions: availableActions('billOfQuantity', after.workflow, actor),
      };
    });
  }

  private async append(projectId: string, expected: number | 'no_stream', events: readonly BqEvent[], actor: Actor): Promise<BqState> {
    const result = await this.store.append({
      streamId: bqStreamId(projectId),
      streamType: BQ_STREAM_TYPE,
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data as unknown as JsonValue,
        metadata: { actorUserId: actor.userId, actorCompanyId: actor.companyId },
      })),
    });
    return this.loader.appended(projectId, result.events);
  }
}

function refusedByMachine(code: WorkflowRefusalCode, eventName: string): Refused {
  const status = WorkflowRefusalHttpStatus[code] ?? 409;
  return refusal(status, code, `${eventName} refused: ${code}.`);
}

/** Spec §5.3: every item's description, unit and quantity before the BQ is sent for approval; and at least one item. */
function complete(state: BqState): void {
  const problems: Record<string, string[]> = {};
  let items = 0;
  for (const node of state.nodes.values()) {
    if (node.type !== 'item') continue;
    items++;
    const missing = [
      ...(node.description?.trim() ? [] : ['description']),
      ...(node.unit?.trim() ? [] : ['unit']),
      ...(node.quantity === null ? ['quantity'] : []),
    ];
    if (missing.length > 0 && Object.keys(problems).length < 100) problems[node.id] = missing;
  }
  if (items === 0) throw refusal(422, 'bqNoItems', 'Add at least one item before sending the bill of quantity for approval.');
  if (Object.keys(problems).length > 0)
    throw refusal(
      422,
      'bqItemIncomplete',
      'Every item needs its description, unit and quantity before the bill of quantity is sent for approval.',
      { fields: problems },
    );
}

/** The nodes acted on as they are now, with the headers above them; ids removed; tabs and the BQ's amount. */
function replyFor(state: BqState, events: readonly BqEvent[], formerParent: string | null): BqChangeReply {
  const touched = new Set<string>();
  const removed: string[] = [];
  let id: string | undefined;
  let created: [string, string][] | undefined;
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'BqTabAdded') id = event.data.tabId;
    if (event.type === 'BqNodeAdded') id = event.data.nodeId;
    if (event.type === 'BqNodeDuplicated') {
      created = event.data.copies;
      id = event.data.copies[0]?.[1];
      for (const [, to] of event.data.copies) touched.add(to);
    }
    if (event.type === 'BqNodesImported') {
      created = event.data.nodes.map((node, index) => [String(index), node.nodeId]);
      for (const node of event.data.nodes) touched.add(node.nodeId);
    }
    if (event.type === 'BqNodeRemoved' || event.type === 'BqTabRemoved') removed.push(String(data.nodeId ?? data.tabId));
    if (typeof data.nodeId === 'string' && event.type !== 'BqNodeRemoved') touched.add(data.nodeId);
    if (event.type === 'BqNodeMoved') touched.add(event.data.swappedWith);
    if (event.type === 'BqNodeIndented') touched.add(event.data.parentId);
  }
  if (formerParent !== null) touched.add(formerParent);
  const nodes = new Map<string, BqNode>();
  for (const nodeId of touched) {
    for (
      let current = state.nodes.get(nodeId);
      current && !nodes.has(current.id);
      current = current.parentId ? state.nodes.get(current.parentId) : undefined
    ) {
      nodes.set(current.id, nodeView(state, current, childrenOf(state, parentKey(current)).indexOf(current.id)));
    }
  }
  return {
    success: true,
    revision: state.revision,
    ...(id ? { id } : {}),
    ...(created ? { created } : {}),
    nodes: [...nodes.values()],
    removed,
    tabs: tabViews(state),
    amount: formatSen(state.amount),
  };
}
