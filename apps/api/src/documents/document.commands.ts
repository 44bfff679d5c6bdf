// The documents context's commands (house style: imperative names). A controller builds one from the
// request and sends it through the CQRS CommandBus; its handler (document-command.handlers.ts) runs it.
// The raw body and headers travel as they came: parsing and refusing them is the write model's work
// (document-commands.service.ts), so every entry point (a route, a bulk item, a saga later) gets the same checks.
import { Command } from '@nestjs/cqrs';
import type { DocumentActionReply, DocumentResource } from '@binaan/contracts';
import type { Actor } from '@binaan/workflows';
import type { Principal } from '../common/principal.js';
import type { BulkResult } from './document-bulk.js';
import type { DocumentState } from './document.state.js';

export type DocumentWritten = { state: DocumentState; actor: Actor };

export class CreateDocument extends Command<DocumentWritten> {
  constructor(
    readonly resource: DocumentResource,
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class EditDocument extends Command<DocumentWritten> {
  constructor(
    readonly resource: DocumentResource,
    readonly id: string,
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One workflow event (Approve, Reject_By_Buyer, ...) on one document, through its machine. */
export class ActOnDocument extends Command<DocumentActionReply> {
  constructor(
    readonly resource: DocumentResource,
    readonly id: string,
    readonly event: string,
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The same workflow event on a selection of at most 10 documents, each through its machine, each result reported. */
export class ActOnDocuments extends Command<{ success: true; results: BulkResult[] }> {
  constructor(
    readonly resource: DocumentResource,
    readonly event: string,
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}
