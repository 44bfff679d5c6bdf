// The write and read paths of a project's ongoing budget. A change reads the stream (tens of events),
// folds it, checks the revision the caller read (If-Match or `revision`: 409 when stale), decides (lines:
// budget.decider.ts; status: the ongoingBudget machine with the project's authority) and appends with the
// revision as the expected one (another append in between: 409 too).
import { refusal, Refused } from '../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WorkflowRefusalHttpStatus, type BudgetLineView, type BudgetView, type WorkflowRefusalCode } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { availableActions, decide, type Actor } from '@binaan/workflows';
import { BqAccess } from '../bills-of-quantity/bq-access.js';
import { BqLoader } from '../bills-of-quantity/bq-loader.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { formatSen, lineAmount, parseMoney, parseQuantity } from '../documents/money.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { projectDocuments } from './budget-actuals.js';
import { applyBudgetEvent, decideBudget, emptyBudget, linesEditable, type BudgetCommand, type BudgetState } from './budget.decider.js';
import { BUDGET_STREAM_TYPE, budgetStreamId, type BudgetEvent, type BudgetLineValues } from './budget.events.js';

const NOT_FOUND = 'budgetNotFound';

@Injectable()
export class Budgets {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly access: BqAccess,
    private readonly bq: BqLoader,
  ) {}

  async load(projectId: string): Promise<BudgetState | null> {
    const state = emptyBudget(projectId);
    for (const stored of await this.store.readStream(budgetStreamId(projectId))) {
      applyBudgetEvent(state, { type: stored.type, data: stored.data } as BudgetEvent, stored.revision, stored.metadata.recordedAt);
    }
    return state.revision < 0 ? null : state;
  }

  /** The budget with what was committed and claimed per trade code (200 with status null before it starts). */
  async view(principal: Principal, projectId: string): Promise<BudgetView> {
    const actor = await this.access.actor(principal, projectId, NOT_FOUND);
    const state = (await this.load(projectId)) ?? emptyBudget(projectId);
    const documents = await projectDocuments(this.db, actor.companyId, projectId);
    const sums = new Map<string, { committed: bigint; claimed: bigint }>();
    const unallocated = { committed: 0n, claimed: 0n };
    for (const document of documents) {
      const code = state.allocations.get(document.id);
      const into = code === undefined ? unallocated : (sums.get(code) ?? sums.set(code, { committed: 0n, claimed: 0n }).get(code)!);
      into[document.measure] += document.sen;
    }
    const totals = { budget: 0n, committed: unallocated.committed, claimed: unallocated.claimed };
    const lines: BudgetLineView[] = [...state.lines.values()].map((line) => {
      const budget = parseMoney(line.amount) ?? 0n;
      const { committed, claimed } = sums.get(line.code) ?? { committed: 0n, claimed: 0n };
      totals.budget += budget;
      totals.committed += committed;
      totals.claimed += claimed;
      return {
        id: line.id,
        code: line.code,
        description: line.description,
        budget: line.amount,
        committed: formatSen(committed),
        claimed: formatSen(claimed),
        remaining: formatSen(budget - committed),
      };
    });
    const readOnlyBecause =
      this.access.editRefusal(principal, actor, 'ongoingBudget') ?? (linesEditable(state) ? null : 'budgetNotEditable');
    return {
      projectId,
      status: state.workflow?.status ?? null,
      revision: state.revision,
      editable: readOnlyBecause === null,
      readOnlyBecause,
      lines,
      unallocated: { committed: formatSen(unallocated.committed), claimed: formatSen(unallocated.claimed) },
      totals: {
        budget: formatSen(totals.budget),
        committed: formatSen(totals.committed),
        claimed: formatSen(totals.claimed),
        remaining: formatSen(totals.budget - totals.committed),
      },
      documents: documents.map(({ sen: _sen, ...document }) => ({ ...document, code: state.allocations.get(document.id) ?? null })),
      availableActions: actionsOf(availableActions('ongoingBudget', state.workflow, actor)),
      updatedAt: state.updatedAt,
    };
  }

  /** Starts the budget (the machine's Create: pending) with a line per build-up of the project's BQ. */
  async start(principal: Principal, projectId: string): Promise<{ success: true; revision: number }> {
    const actor = await this.access.editor(principal, projectId, NOT_FOUND);
    if (await this.load(projectId)) throw refusal(409, 'budgetExists', 'This project has a budget already.');
    const manual = await this.access.manual(actor.companyId, 'ongoingBudget');
    const decision = decide('ongoingBudget', null, { type: 'Create', at: this.now().toISOString(), ...(manual ? { manual } : {}) }, actor);
    if (!decision.ok) throw refusedByMachine(decision.refusal.code, 'Create');
    const bq = await this.bq.current(projectId);
    const lines = bq ? linesFromBq(bq) : [];
    const events: BudgetEvent[] = [
      { type: 'BudgetStarted', data: { projectId, companyId: actor.companyId, bqRevision: bq?.revision ?? -1 } },
      { type: 'WorkflowStatusChanged', data: decision.event },
      ...lines.map((values): BudgetEvent => ({ type: 'BudgetLineAdded', data: { lineId: randomUUID(), ...values } })),
    ];
    return { success: true, revision: await this.append(projectId, 'no_stream', events, actor) };
  }

  /** A change of lines (CreatePropose) or of a document's trade code (the update right and a visible project). */
  async change(
    principal: Principal,
    projectId: string,
    command: BudgetCommand,
    base: number,
  ): Promise<{ success: true; revision: number; id?: string }> {
    const actor = await this.access.editor(principal, projectId, NOT_FOUND);
    const state = await this.current(projectId, base);
    if (command.type !== 'allocate' && !this.access.proposes(actor, 'ongoingBudget')) {
      throw refusal(403, 'noAuthority', 'Changing the budget needs CreatePropose (level 10) on ongoingBudget in the project.');
    }
    if (
      command.type === 'allocate' &&
      !(await projectDocuments(this.db, actor.companyId, projectId)).some((d) => d.id === command.documentId)
    ) {
      throw refusal(404, 'budgetDocumentNotFound', 'No such order or claim counts in this project.');
    }
    const events = decideBudget(state, command);
    const revision = events.length === 0 ? state.revision : await this.append(projectId, state.revision, events, actor);
    return { success: true, revision, ...(command.type === 'addLine' ? { id: command.lineId } : {}) };
  }

  /** A workflow action, decided by the ongoingBudget machine on exactly the revision read. */
  async act(principal: Principal, projectId: string, eventName: string, remark: string | undefined, base: number) {
    const actor = await this.access.actor(principal, projectId, NOT_FOUND);
    const state = await this.current(projectId, base);
    const manual = await this.access.manual(state.companyId, 'ongoingBudget');
    const decision = decide(
      'ongoingBudget',
      state.workflow,
      { type: eventName as 'Approve', at: this.now().toISOString(), ...(remark ? { remark } : {}), ...(manual ? { manual } : {}) },
      actor,
    );
    if (!decision.ok) throw refusedByMachine(decision.refusal.code, eventName);
    const revision = await this.append(projectId, state.revision, [{ type: 'WorkflowStatusChanged', data: decision.event }], actor);
    const after = applyBudgetEvent(state, { type: 'WorkflowStatusChanged', data: decision.event }, revision, this.now().toISOString());
    return {
      success: true as const,
      id: projectId,
      revision,
      status: after.workflow!.status,
      availableActions: availableActions('ongoingBudget', after.workflow, actor),
    };
  }

  async history(principal: Principal, projectId: string) {
    await this.access.reader(principal, projectId, NOT_FOUND);
    const events = await this.store.readStream(budgetStreamId(projectId));
    if (events.length === 0) throw refusal(404, NOT_FOUND, 'This project has no budget yet.');
    return events.map((stored) => ({
      revision: stored.revision,
      type: stored.type,
      data: stored.data,
      at: stored.metadata.recordedAt,
      userId: stored.metadata.actorUserId ?? null,
    }));
  }

  private async current(projectId: string, base: number): Promise<BudgetState> {
    const state = await this.load(projectId);
    if (!state) throw refusal(404, NOT_FOUND, 'This project has no budget yet.');
    if (base !== state.revision)
      throw refusal(
        409,
        'wrongExpectedRevision',
        `The budget changed: you sent revision ${base}, it is at ${state.revision}. Read it again.`,
        { revision: state.revision },
      );
    return state;
  }

  private async append(projectId: string, expected: number | 'no_stream', events: readonly BudgetEvent[], actor: Actor): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: budgetStreamId(projectId),
        streamType: BUDGET_STREAM_TYPE,
        expectedRevision: expected,
        events: events.map((event) => ({
          type: event.type,
          data: event.data as unknown as JsonValue,
          metadata: { actorUserId: actor.userId, actorCompanyId: actor.companyId },
        })),
      });
      return result.events.at(-1)!.revision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) {
        throw expected === 'no_stream'
          ? refusal(409, 'budgetExists', 'This project has a budget already.')
          : refusal(409, 'wrongExpectedRevision', 'The budget changed meanwhile. Read it again.');
      }
      throw error;
    }
  }
}

/** The machine's actions as the shared reply spells them. */
export const actionsOf = (actions: ReturnType<typeof availableActions>): BudgetView['availableActions'] =>
  actions.map((action) => ({ event: action.event, labelKey: action.labelKey, requiredFields: [...action.requiredFields] }));

export function refusedByMachine(code: WorkflowRefusalCode, eventName: string): Refused {
  return refusal(WorkflowRefusalHttpStatus[code] ?? 409, code, `${eventName} refused: ${code}.`);
}

/**
 * A line per build-up (trade code) of the BQ: its description, and as the amount the cost of the items it
 * prices (quantity x build-up rate, without profit: the budget is what may be spent).
 */
export function linesFromBq(bq: {
  buildUps: ReadonlyMap<string, { code: string; description: string }>;
  nodes: ReadonlyMap<string, { type: string; buildUpCode: string | null; quantity: string | null; buildUpRate: string | null }>;
}): BudgetLineValues[] {
  const cost = new Map<string, bigint>();
  for (const node of bq.nodes.values()) {
    if (node.type !== 'item' || node.buildUpCode === null || node.quantity === null || node.buildUpRate === null) continue;
    const quantity = parseQuantity(node.quantity);
    const rate = parseMoney(node.buildUpRate);
    if (quantity === null || rate === null) continue;
    cost.set(node.buildUpCode, (cost.get(node.buildUpCode) ?? 0n) + lineAmount(quantity, rate));
  }
  return [...bq.buildUps.values()].map((buildUp) => ({
    code: buildUp.code,
    description: buildUp.description,
    amount: formatSen(cost.get(buildUp.code) ?? 0n),
  }));
}
