// The analysis's commands (house style: imperative names), sent through the CQRS CommandBus by
// AnalysisController; a handler each hands them to AnalysisService.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { AnalysisService } from './analysis.service.js';

type Written = Resolved<AnalysisService['setCriteria']>;

/** The buyer sets the questionnaire: the price's weight and the criteria with theirs. */
export class SetAnalysisCriteria extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** The buyer scores one seller against every criterion. */
export class EnterTechnicalScores extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly sellerCompanyId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** The buyer shortlists sellers (the tender machine's Shortlist). */
export class ShortlistSellers extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** The buyer records the evaluation (the tender machine's Evaluate) with the ranking as it stands. */
export class EvaluateTender extends Command<Written> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
  ) {
    super();
  }
}

@CommandHandler(SetAnalysisCriteria)
export class SetAnalysisCriteriaHandler implements ICommandHandler<SetAnalysisCriteria> {
  constructor(private readonly analysis: AnalysisService) {}
  execute({ principal, tenderId, body }: SetAnalysisCriteria) {
    return this.analysis.setCriteria(principal, tenderId, body);
  }
}

@CommandHandler(EnterTechnicalScores)
export class EnterTechnicalScoresHandler implements ICommandHandler<EnterTechnicalScores> {
  constructor(private readonly analysis: AnalysisService) {}
  execute({ principal, tenderId, sellerCompanyId, body }: EnterTechnicalScores) {
    return this.analysis.enterScores(principal, tenderId, sellerCompanyId, body);
  }
}

@CommandHandler(ShortlistSellers)
export class ShortlistSellersHandler implements ICommandHandler<ShortlistSellers> {
  constructor(private readonly analysis: AnalysisService) {}
  execute({ principal, tenderId, body }: ShortlistSellers) {
    return this.analysis.shortlist(principal, tenderId, body);
  }
}

@CommandHandler(EvaluateTender)
export class EvaluateTenderHandler implements ICommandHandler<EvaluateTender> {
  constructor(private readonly analysis: AnalysisService) {}
  execute({ principal, tenderId }: EvaluateTender) {
    return this.analysis.evaluate(principal, tenderId);
  }
}

export const ANALYSIS_COMMAND_HANDLERS = [
  SetAnalysisCriteriaHandler,
  EnterTechnicalScoresHandler,
  ShortlistSellersHandler,
  EvaluateTenderHandler,
];
