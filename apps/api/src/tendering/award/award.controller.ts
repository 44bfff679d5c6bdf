// The award routes (base /api/tendering): the buyer awards a closed tender to a seller that quoted.
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { AwardTender } from './award.commands.js';
import { AwardService } from './award.service.js';

@ApiTags('tendering')
@Controller('tendering')
// The tender machine's steps and the documents an award makes are the documents context's commands: their
// refusals (noAuthority in a project without the level, say) are answered with their codes, not as a 500.
export class AwardController {
  constructor(
    private readonly commands: CommandBus,
    private readonly awards: AwardService,
  ) {}

  @Post('tenders/:tenderId/award')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "The buyer awards the tender: { sellerCompanyId, orderKind: purchaseOrder | workOrder | rentalOrder }; Draft_Contract on the tender, a letter of award and a draft order from the seller's quotation, the others told",
  })
  @ApiRefusal(409, 'tenderNotInComparison: the tender is not in comparison (or draftContractRejected)')
  @ApiRefusal(422, 'sellerNotQuoted, quotationIncomplete (a line without a rate)')
  award(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AwardTender(request.principal!, tenderId, body));
  }

  @Get('tenders/:tenderId/awards')
  @ApiOperation({ summary: "The buyer: the tender's awards (the seller chosen, the letter of award and order made, the sellers told)" })
  list(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.awards.awards(request.principal!, tenderId);
  }
}
