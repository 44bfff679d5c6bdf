// The approved list of tenderers' routes (base /api/tendering/tenderers): the buyer proposes from its
// directory, an approver approves or rejects with a remark, the list per status. Writes go through the CommandBus.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { DecideTenderer, ProposeTenderer } from './tenderers.commands.js';
import { TenderersService } from './tenderers.service.js';

@ApiTags('tendering')
@Controller('tendering/tenderers')
export class TenderersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tenderers: TenderersService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Propose a directory company for the approved list of tenderers: { companyId, note? } (level 10 on tender); it is pending',
  })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'tendererAlreadyListed (pending or approved), wrongExpectedRevision')
  @ApiRefusal(422, 'inviteeIsOwnCompany, unknownCounterparty (not an approved company of the directory)')
  propose(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ProposeTenderer(request.principal!, body));
  }

  @Post(':companyId/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a pending tenderer: { remark? } (a verify level on tender)' })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(404, 'tendererNotFound')
  @ApiRefusal(409, 'tendererWrongStatus, wrongExpectedRevision')
  approve(@Param('companyId') companyId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DecideTenderer(request.principal!, 'Approve', companyId, body));
  }

  @Post(':companyId/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a pending tenderer or take an approved one off the list: { remark } (a verify level on tender)' })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(404, 'tendererNotFound')
  @ApiRefusal(409, 'tendererWrongStatus, wrongExpectedRevision')
  reject(@Param('companyId') companyId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DecideTenderer(request.principal!, 'Reject', companyId, body));
  }

  @Get()
  @ApiOperation({
    summary:
      'The list of one status, newest change first: ?status=pending|approved|rejected (approved if absent)&range=[0,24] (at most 100)',
  })
  @ApiRefusal(400, 'validationFailed: a bad status, range or an unknown parameter')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.tenderers.list(request.principal!, query);
  }
}
