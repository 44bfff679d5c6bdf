// Routes of a company's vendor appraisals (/api/vendor-appraisals): appraise, withdraw, the company's list, one
// appraisal, a vendor's history. Every read answers the chosen company's own appraisals only.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { AppraiseVendor, WithdrawVendorAppraisal } from './vendor-appraisals.commands.js';
import { VendorAppraisals } from './vendor-appraisals.service.js';

@ApiTags('vendor-appraisals')
@Controller('vendor-appraisals')
export class VendorAppraisalsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly appraisals: VendorAppraisals,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Appraise a vendor (vendorManagement.update): { vendorId, questionnaireId, scores: [{ questionId, score }], remark?, projectId?, documentId? } → { id, appraisal }',
    description:
      "An active vendorAppraisal questionnaire of the caller's company; every question scored once, a whole number from its minimum to its maximum. The appraisal records the questionnaire as it stood and the weighted score in percent.",
  })
  @ApiRefusal(
    400,
    'validationFailed: vendorId, questionnaireId, scores[i].questionId (unknownQuestion, scoredTwice), scores[i].score (invalid, outOfRange), scores (unscored), remark, projectId, documentId (fields)',
  )
  @ApiRefusal(404, "vendorNotFound: no approved company of the caller's directory; setupItemNotFound: the questionnaire")
  @ApiRefusal(422, 'vendorAppraisalOwnCompany; questionnaireNotForAppraisal: not active or not of type vendorAppraisal')
  appraise(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AppraiseVendor(request.principal!, body));
  }

  @Get()
  @ApiOperation({
    summary:
      'The company\'s vendor appraisals, newest first: ?filter={"vendorId":"..."}&after=&limit= → { items, next, total, totalCapped } (vendorManagement.view or .update)',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.appraisals.list(request.principal!, query);
  }

  @Get('vendors/:vendorId')
  @ApiOperation({
    summary:
      "A vendor's history as the company keeps it: { vendor, summary: { count, average, latest }, items, next, total, totalCapped } (?after=&limit=); withdrawn appraisals listed, left out of the summary",
  })
  @ApiRefusal(400, 'validationFailed: after or limit')
  @ApiRefusal(404, 'vendorNotFound')
  vendorHistory(@Param('vendorId') vendorId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.appraisals.vendorHistory(request.principal!, vendorId, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One appraisal of the company: the questionnaire as it stood, the scores, its history with who, when and why' })
  @ApiRefusal(404, "vendorAppraisalNotFound (another company's too)")
  view(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.appraisals.view(request.principal!, id);
  }

  @Post(':id/actions/:event')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Withdraw an appraisal (event Withdraw, { reason } required): still listed, marked withdrawn (vendorManagement.update)',
  })
  @ApiRefusal(400, 'validationFailed: reason')
  @ApiRefusal(404, 'vendorAppraisalNotFound; an event other than Withdraw')
  @ApiRefusal(409, 'vendorAppraisalWithdrawn: withdrawn already')
  act(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    if (event !== 'Withdraw') throw refusal(404, 'notFound', `An appraisal has no action ${event}: Withdraw.`);
    return this.commands.execute(new WithdrawVendorAppraisal(request.principal!, id, body));
  }
}
