// Requests and their tenders (base /api/tendering): "Make a tender" on an approved request, and the tenders
// a request became. The requests themselves are documents (/api/documents/<materialRequest | machineRequest
// | tradeRequest>): create, edit, approval round, history and replay are the documents context's routes.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { RequireAccessRight } from '../../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../../common/module-access.guard.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { MakeTenderFromBq, MakeTenderFromRequest } from './request-tender.commands.js';
import { RequestTenderService } from './request-tender.service.js';

type Reply = { header(name: string, value: string): unknown };

@ApiTags('tendering')
@Controller('tendering')
@UseGuards(ModuleAccessGuard)
export class RequestTenderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly requests: RequestTenderService,
  ) {}

  @Post('requests/:resource/:requestId/tender')
  @HttpCode(201)
  @RequireAccessRight('tenderManagement.update')
  @ApiOperation({
    summary:
      "Make a tender from an approved request (materialRequest, machineRequest, tradeRequest; a trade request's tender is its quotation request): its items, project and kind carried over, the request its source; body: optional title, description, openAt, closeAt, expectedDeliveryStart, expectedDeliveryEnd, minimumAmount, maximumAmount, startDate, endDate",
  })
  @ApiRefusal(404, 'documentNotFound: not a request of your company')
  @ApiRefusal(409, 'requestAlreadyTendered: a tender made from the request is not cancelled')
  @ApiRefusal(422, 'requestNotApproved, and the tender rules of §5.3 (dateTimeNotAhead, closeNotAfterOpen, ...)')
  async makeTender(
    @Param('resource') resource: string,
    @Param('requestId') requestId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const { state } = await this.commands.execute(new MakeTenderFromRequest(request.principal!, resource, requestId, body));
    reply.header('ETag', `"${state.revision}"`);
    return {
      success: true as const,
      id: state.id,
      resource: 'tender',
      documentNo: state.documentNo,
      status: state.workflow.status,
      revision: state.revision,
      tenderType: state.fields.tenderType ?? null,
      sourceDocumentId: state.fields.sourceDocumentId ?? null,
      items: state.fields.items.length,
    };
  }

  @Post('bq-tenders')
  @HttpCode(201)
  @RequireAccessRight('tenderManagement.update')
  @ApiOperation({
    summary:
      "Make a tender from items of the project's approved bill of quantity: { projectId, itemIds: [..] (1 to 500), title?, tenderType?, openAt?, closeAt?, ... }; each item becomes a line (title and description, unit, quantity, the BQ's rate as the buyer's estimate)",
  })
  @ApiRefusal(404, 'bqNotFound: no bill of quantity of your company in that project')
  @ApiRefusal(409, 'bqNotApproved: the bill of quantity is not approved (active)')
  @ApiRefusal(422, "bqItemNotFound (an id that is not an item of the BQ), and the tender's own rules")
  async tenderFromBq(@Body() body: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { state } = await this.commands.execute(new MakeTenderFromBq(request.principal!, body));
    reply.header('ETag', `"${state.revision}"`);
    return {
      success: true as const,
      id: state.id,
      resource: 'tender',
      documentNo: state.documentNo,
      status: state.workflow.status,
      revision: state.revision,
      tenderType: state.fields.tenderType ?? null,
      sourceDocumentId: null,
      items: state.fields.items.length,
    };
  }

  @Get('projects/:projectId/requests')
  @RequireAccessRight('procurement.view')
  @ApiOperation({
    summary:
      "A project's requests of the three kinds (material, machine, trade) in one list, newest first: ?range=[0,24] (at most 100 rows); { projectName, from, hasMore, data: [{ id, resource, documentNo, title, status, total, currency, createdAt }] }, no count",
  })
  @ApiRefusal(404, 'projectNotFound: not a project of your company')
  projectRequests(@Param('projectId') projectId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.requests.projectRequests(request.principal!, projectId, query);
  }

  @Get('projects/:projectId/bq-item-tenders')
  @RequireAccessRight('tenderManagement.view')
  @ApiOperation({
    summary:
      "The tenders made from the project's bill of quantity rows (POST /bq-tenders keeps each line's BQ item): { projectId, capped, data: [{ bqItemId, tenders: [{ id, documentNo, title, status, lineNo }] }] }, by item; no count. At most 5,000 links, then capped: true; ?bqItemId= gives one row's",
  })
  @ApiQuery({ name: 'bqItemId', required: false, description: "Only this BQ item's tenders" })
  @ApiRefusal(404, 'projectNotFound: not a project of your company')
  bqItemTenders(@Param('projectId') projectId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.requests.bqItemTenders(request.principal!, projectId, query);
  }

  @Get('requests/:resource/:requestId/tenders')
  @RequireAccessRight('procurement.view')
  @ApiOperation({ summary: 'The tenders made from a request of your company (number, title, status), oldest first' })
  @ApiRefusal(404, 'documentNotFound: not a request of your company')
  tenders(@Param('resource') resource: string, @Param('requestId') requestId: string, @Req() request: AuthenticatedRequest) {
    return this.requests.tenders(request.principal!, resource, requestId);
  }
}
