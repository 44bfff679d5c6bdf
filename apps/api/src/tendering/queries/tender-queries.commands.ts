// The query board's commands, sent through the CQRS CommandBus by TenderQueriesController; a handler each
// hands them to TenderQueriesService, where parsing, refusals and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { TenderQueriesService } from './tender-queries.service.js';

/** An invited seller asks the buyer a question about the tender. */
export class AskTenderQuery extends Command<Resolved<TenderQueriesService['ask']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** The buyer answers a question, to every invitee. */
export class AnswerTenderQuery extends Command<Resolved<TenderQueriesService['answer']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly queryId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(AskTenderQuery)
export class AskTenderQueryHandler implements ICommandHandler<AskTenderQuery> {
  constructor(private readonly queries: TenderQueriesService) {}
  execute({ principal, tenderId, body }: AskTenderQuery) {
    return this.queries.ask(principal, tenderId, body);
  }
}

@CommandHandler(AnswerTenderQuery)
export class AnswerTenderQueryHandler implements ICommandHandler<AnswerTenderQuery> {
  constructor(private readonly queries: TenderQueriesService) {}
  execute({ principal, tenderId, queryId, body }: AnswerTenderQuery) {
    return this.queries.answer(principal, tenderId, queryId, body);
  }
}

export const TENDER_QUERY_COMMAND_HANDLERS = [AskTenderQueryHandler, AnswerTenderQueryHandler];
