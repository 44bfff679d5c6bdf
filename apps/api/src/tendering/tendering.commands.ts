// The tendering context's commands (house style: imperative names), sent through the CQRS CommandBus by
// TenderingController; a handler each (tendering-command.handlers.ts) hands them to TenderingService,
// where parsing, refusals and the decisions live. The raw body and headers travel as the route got them.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { TenderingService } from './tendering.service.js';

/** The buyer invites sellers of its directory to its tender. */
export class InviteSellers extends Command<Resolved<TenderingService['invite']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** An invited seller submits its quotation, or revises it, before the close. */
export class SubmitQuotation extends Command<Resolved<TenderingService['quote']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
