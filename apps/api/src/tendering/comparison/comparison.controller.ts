// The buyer's comparison sheet (base /api/tendering): one page of lines at a time, keyset on the line number.
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from '../../bills-of-quantity/import-export/binary-bodies.js';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ComparisonService } from './comparison.service.js';

@ApiTags('tendering')
@Controller('tendering')
export class ComparisonController {
  constructor(private readonly comparisons: ComparisonService) {}

  @Get('tenders/:tenderId/comparison')
  @ApiOperation({
    summary:
      "The buyer's comparison sheet once the tender is closed: items down (?after=<lineNo>&limit=<1..500>), sellers across, lowest rate per line, totals, missing and excluded lines, deviation from the estimate",
  })
  @ApiRefusal(400, 'validationFailed: after or limit not a whole number in range, or an unknown parameter')
  @ApiRefusal(404, "tenderNotFound: not the caller company's tender")
  @ApiRefusal(409, 'tenderSealed: the tender has not been closed (the quotations are sealed)')
  comparison(@Param('tenderId') tenderId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.comparisons.comparison(request.principal!, tenderId, query);
  }

  @Get('tenders/:tenderId/comparison/export')
  @ApiOperation({
    summary:
      "The buyer's whole comparison sheet as .xlsx (?lang=en|ms|zh for its labels): lines down, the estimate and each seller's rate and amount across, the lowest price per line marked, totals by formula, deviation, rank, counts, sellers that did not quote",
  })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse({ status: 200, description: 'The .xlsx file (Content-Disposition: attachment; <tender number>-comparison.xlsx)' })
  @ApiRefusal(400, 'validationFailed: lang not one of en, ms, zh, or an unknown parameter')
  @ApiRefusal(404, "tenderNotFound: not the caller company's tender")
  @ApiRefusal(409, 'tenderSealed: the tender has not been closed (the quotations are sealed)')
  async workbook(
    @Param('tenderId') tenderId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { fileName, bytes } = await this.comparisons.workbook(request.principal!, tenderId, query);
    await reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  }
}
