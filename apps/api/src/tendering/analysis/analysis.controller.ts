// The analysis routes (base /api/tendering): the questionnaire, technical scores, shortlist and evaluate.
import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { EnterTechnicalScores, EvaluateTender, SetAnalysisCriteria, ShortlistSellers } from './analysis.commands.js';
import { AnalysisService } from './analysis.service.js';

@ApiTags('tendering')
@Controller('tendering')
// The tender machine's steps and the documents an award makes are the documents context's commands: their
// refusals (noAuthority in a project without the level, say) are answered with their codes, not as a 500.
export class AnalysisController {
  constructor(
    private readonly commands: CommandBus,
    private readonly analysis: AnalysisService,
  ) {}

  @Get('tenders/:tenderId/analysis')
  @ApiOperation({
    summary:
      "The buyer: the questionnaire, each seller's price, technical and combined scores and rank, the shortlist (once the tender is closed)",
  })
  @ApiRefusal(409, 'tenderSealed: the tender has not been closed')
  read(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.analysis.analysis(request.principal!, tenderId);
  }

  @Put('tenders/:tenderId/analysis/criteria')
  @ApiOperation({
    summary:
      'The buyer (level 10 on tender) sets the questionnaire: { priceWeight, criteria: [{ key, name, weight }] }, weights summing to 100; or { priceWeight, questionnaireId }: the criteria made from a company tender evaluation questionnaire',
  })
  @ApiRefusal(404, 'setupItemNotFound: no such questionnaire in the company')
  @ApiRefusal(409, 'tenderNotInComparison')
  @ApiRefusal(422, 'analysisWeightsInvalid: the weights do not add up to 100; questionnaireNotForTenders')
  criteria(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SetAnalysisCriteria(request.principal!, tenderId, body));
  }

  @Put('tenders/:tenderId/analysis/scores/:sellerCompanyId')
  @ApiOperation({ summary: 'The buyer scores a seller that quoted: { scores: { <criterion key>: 0..100 } }, every criterion' })
  @ApiRefusal(409, 'tenderNotInComparison, analysisCriteriaNotSet')
  @ApiRefusal(422, 'sellerNotQuoted')
  scores(
    @Param('tenderId') tenderId: string,
    @Param('sellerCompanyId') sellerCompanyId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EnterTechnicalScores(request.principal!, tenderId, sellerCompanyId, body));
  }

  @Post('tenders/:tenderId/analysis/shortlist')
  @HttpCode(200)
  @ApiOperation({ summary: "The buyer shortlists sellers that quoted: { sellerCompanyIds }; the tender machine's Shortlist" })
  @ApiRefusal(422, 'sellerNotQuoted')
  shortlist(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ShortlistSellers(request.principal!, tenderId, body));
  }

  @Post('tenders/:tenderId/analysis/evaluate')
  @HttpCode(200)
  @ApiOperation({ summary: "The buyer records the evaluation with the ranking as it stands; the tender machine's Evaluate" })
  evaluate(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EvaluateTender(request.principal!, tenderId));
  }
}
