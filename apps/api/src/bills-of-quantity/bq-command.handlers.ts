// A handler per bills of quantity command (the design card's @nestjs/cqrs). Each reads the raw body into
// the decider's BqCommand with bq-input.ts (refusing with `refusal`, answered by the error filter) and hands
// it to the write model, BqCommands, with the revision it was made on.
import { refusal, invalidFields } from '../common/refusal.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import type { BqChangeReply } from '@binaan/contracts';
import { randomUUID } from 'node:crypto';
import { BqCommands, type BqCommandOf } from './bq-commands.service.js';
import { profitParameterPick } from './bq-profit-parameter.js';
import type { BqCommand } from './bq.decider.js';
import { ActOnBq, AddBqItem, ChangeBqBuildUp, ChangeBqItem, ChangeBqTab, ImportBqRows } from './bq.commands.js';
import {
  baseRevision,
  bodyOf,
  buildUpOf,
  fieldChanges,
  idIn,
  importNodes,
  nodeType,
  opt,
  optionalParent,
  order,
  profitParameterIdOf,
  text,
  type Body,
} from './bq-input.js';

/** The node commands, by the path's operation name. */
const ITEM_OPERATIONS: Record<string, (body: Body, tabId: string) => BqCommand> = {
  update: (body, tabId) => ({ type: 'update', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound'), fields: fieldChanges(body) }),
  delete: (body, tabId) => ({ type: 'delete', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
  duplicate: (body, tabId) => ({ type: 'duplicate', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
  move: (body, tabId) => {
    if (body.direction !== 'up' && body.direction !== 'down') throw invalidFields({ direction: ['must be up or down'] });
    return { type: 'move', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound'), direction: body.direction };
  },
  indent: (body, tabId) => ({ type: 'indent', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
  outdent: (body, tabId) => ({ type: 'outdent', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
  'promote-header': (body, tabId) => ({ type: 'promote', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
  'demote-header': (body, tabId) => ({ type: 'demote', tabId, nodeId: idIn(body, 'id', 'bqNodeNotFound') }),
};
/** `bq-item/{operation}`: the node commands' names. */
export const BQ_ITEM_OPERATIONS = Object.keys(ITEM_OPERATIONS);
/** `bq-tab/{operation}`. */
export const BQ_TAB_OPERATIONS = ['add', 'rename', 'move', 'delete'] as const;
/** `bq-build-up/{operation}`. */
export const BQ_BUILD_UP_OPERATIONS = ['add', 'update', 'delete'] as const;

function revisionOrNull(body: Body, ifMatch: string | undefined): number | null {
  return body.revision === undefined && ifMatch === undefined ? null : baseRevision(body, ifMatch);
}

@CommandHandler(AddBqItem)
export class AddBqItemHandler implements ICommandHandler<AddBqItem> {
  constructor(private readonly commands: BqCommands) {}
  execute({ principal, body: raw, ifMatch }: AddBqItem): Promise<BqChangeReply> {
    const body = bodyOf(raw);
    const projectId = idIn(body, 'project_id', 'bqNotFound');
    // No tab named (the ui had none to name): the spec's "Please create at least one tab first".
    const tabId =
      body.bq_tab_id === undefined || body.bq_tab_id === null || body.bq_tab_id === '' ? null : idIn(body, 'bq_tab_id', 'bqTabNotFound');
    const command: BqCommand = {
      type: 'add',
      tabId,
      nodeId: randomUUID(),
      parentId: optionalParent(body),
      nodeType: nodeType(body),
      fields: fieldChanges(body),
      ...opt('order', order(body)),
    };
    return this.commands.change(principal, projectId, command, revisionOrNull(body, ifMatch));
  }
}

@CommandHandler(ImportBqRows)
export class ImportBqRowsHandler implements ICommandHandler<ImportBqRows> {
  constructor(private readonly commands: BqCommands) {}
  execute({ principal, body: raw, ifMatch }: ImportBqRows): Promise<BqChangeReply> {
    const body = bodyOf(raw);
    const projectId = idIn(body, 'project_id', 'bqNotFound');
    const tabId = idIn(body, 'bq_tab_id', 'bqTabNotFound');
    const parentId = optionalParent(body);
    const command: BqCommand = { type: 'import', tabId, parentId, nodes: importNodes(body.rows, parentId, randomUUID) };
    return this.commands.change(principal, projectId, command, revisionOrNull(body, ifMatch));
  }
}

@CommandHandler(ChangeBqItem)
export class ChangeBqItemHandler implements ICommandHandler<ChangeBqItem> {
  constructor(private readonly commands: BqCommands) {}
  execute({ principal, operation, body: raw, ifMatch }: ChangeBqItem): Promise<BqChangeReply> {
    const make = Object.prototype.hasOwnProperty.call(ITEM_OPERATIONS, operation) ? ITEM_OPERATIONS[operation] : undefined;
    if (!make) throw refusal(404, 'notFound', `No BQ item operation ${operation}.`);
    const body = bodyOf(raw);
    const projectId = idIn(body, 'project_id', 'bqNotFound');
    const command = make(body, idIn(body, 'bq_tab_id', 'bqTabNotFound'));
    return this.commands.change(principal, projectId, command, revisionOrNull(body, ifMatch));
  }
}

@CommandHandler(ChangeBqTab)
export class ChangeBqTabHandler implements ICommandHandler<ChangeBqTab> {
  constructor(private readonly commands: BqCommands) {}
  execute({ principal, operation, body: raw, ifMatch }: ChangeBqTab): Promise<BqChangeReply> {
    const body = bodyOf(raw);
    const projectId = idIn(body, 'project_id', 'bqNotFound');
    let command: BqCommand;
    if (operation === 'add') command = { type: 'addTab', tabId: randomUUID(), name: text(body, 'name', 100), ...opt('order', order(body)) };
    else if (operation === 'rename')
      command = { type: 'renameTab', tabId: idIn(body, 'bq_tab_id', 'bqTabNotFound'), name: text(body, 'name', 100) };
    else if (operation === 'move') command = { type: 'moveTab', tabId: idIn(body, 'bq_tab_id', 'bqTabNotFound'), order: order(body) ?? 0 };
    else if (operation === 'delete') command = { type: 'removeTab', tabId: idIn(body, 'bq_tab_id', 'bqTabNotFound') };
    else throw refusal(404, 'notFound', `No BQ tab operation ${operation}.`);
    return this.commands.change(principal, projectId, command, revisionOrNull(body, ifMatch));
  }
}

@CommandHandler(ChangeBqBuildUp)
export class ChangeBqBuildUpHandler implements ICommandHandler<ChangeBqBuildUp> {
  constructor(
    private readonly commands: BqCommands,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}
  execute({ principal, operation, body: raw, ifMatch }: ChangeBqBuildUp): Promise<BqChangeReply> {
    const body = bodyOf(raw);
    const projectId = idIn(body, 'project_id', 'bqNotFound');
    let command: BqCommandOf;
    if (operation === 'add' || operation === 'update') {
      const buildUp = buildUpOf(body);
      const parameterId = profitParameterIdOf(body);
      const isNew = operation === 'add';
      // The profit parameter is read once the caller may change the BQ, as it stands now, in the BQ's company;
      // the one the build-up already names may have been deactivated since (README "Profit parameters").
      command = async (state, actor) => ({
        type: 'saveBuildUp',
        isNew,
        buildUp: {
          ...buildUp,
          profitParameter:
            parameterId === null
              ? null
              : await profitParameterPick(
                  this.db,
                  actor.companyId,
                  parameterId,
                  state.buildUps.get(buildUp.code)?.profitParameter?.id ?? null,
                ),
        },
      });
    } else if (operation === 'delete') command = { type: 'removeBuildUp', code: text(body, 'code', 40, true) };
    else throw refusal(404, 'notFound', `No build-up operation ${operation}.`);
    return this.commands.change(principal, projectId, command, revisionOrNull(body, ifMatch));
  }
}

@CommandHandler(ActOnBq)
export class ActOnBqHandler implements ICommandHandler<ActOnBq> {
  constructor(private readonly commands: BqCommands) {}
  execute({ principal, projectId, event, body: raw, ifMatch }: ActOnBq) {
    const body = bodyOf(raw);
    if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000))
      throw invalidFields({ remark: ['must be text of at most 2000 characters'] });
    return this.commands.act(principal, projectId, event, typeof body.remark === 'string' ? body.remark.trim() : undefined, () =>
      baseRevision(body, ifMatch),
    );
  }
}

export const BQ_COMMAND_HANDLERS = [
  AddBqItemHandler,
  ImportBqRowsHandler,
  ChangeBqItemHandler,
  ChangeBqTabHandler,
  ChangeBqBuildUpHandler,
  ActOnBqHandler,
];
