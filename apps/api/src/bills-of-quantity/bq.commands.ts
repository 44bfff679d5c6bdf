// The bills of quantity context's commands (house style: imperative names), sent through the CQRS
// CommandBus by BillsOfQuantityController; a handler each (bq-command.handlers.ts) turns the raw body into
// the decider's BqCommand (bq-input.ts) and hands it to BqCommands, where the checks live. The raw body
// and If-Match travel as the route got them.
import { Command } from '@nestjs/cqrs';
import type { BqChangeReply } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import type { ActionReply } from './bq-commands.service.js';

/** Add a row (header or item) to a tab. */
export class AddBqItem extends Command<BqChangeReply> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** Rows from a flat import (Excel, OCR scan) into a tab, as one event. */
export class ImportBqRows extends Command<BqChangeReply> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One row operation (update, delete, duplicate, move, indent, outdent, promote-header, demote-header), by the path's name. */
export class ChangeBqItem extends Command<BqChangeReply> {
  constructor(
    readonly principal: Principal,
    readonly operation: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One tab operation (add, rename, move, delete), by the path's name. */
export class ChangeBqTab extends Command<BqChangeReply> {
  constructor(
    readonly principal: Principal,
    readonly operation: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One build-up operation (add, update, delete), by the path's name. */
export class ChangeBqBuildUp extends Command<BqChangeReply> {
  constructor(
    readonly principal: Principal,
    readonly operation: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One billOfQuantity machine event (Request_Approve, Approve, Reject, Resubmit, Reopen) on a project's BQ. */
export class ActOnBq extends Command<ActionReply> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
