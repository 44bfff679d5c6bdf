// The buyer's comparison sheet (base /api/tendering): one page of lines at a time, keyset on the line number.
import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ComparisonService } from './comparison.service.js';

@ApiTags('tendering')
@Controller('tendering')
export class ComparisonController {
  constructor(private readonly comparisons: ComparisonService) {}

  @Get('tenders/:tenderId/comparison')
  @ApiOperation({ summary: "The buyer's comparison sheet once the tender is closed: items down (?after=<lineNo>&limit=<1..500>), sellers across, lowest rate per line, totals, missing and excluded lines, deviation from the estimate" })
  @ApiRefusal(400, 'validationFailed: after or limit not a whole number in range, or an unknown parameter')
  @ApiRefusal(404, 'tenderNotFound: not the caller company\'s tender')
  @ApiRefusal(409, 'tenderSealed: the tender has not been closed (the quotations are sealed)')
  comparison(@Param('tenderId') tenderId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.comparisons.comparison(request.principal!, tenderId, query);
  }
}
