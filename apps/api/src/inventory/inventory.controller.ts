// Routes of the inventory context: a company's site locations (/api/inventory/site-locations) and a
// project's stock movements and on-hand quantities (/api/inventory/projects/{projectId}/...).
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ActOnStockMovement, AddSiteLocation, DeleteSiteLocation, RecordStockMovement, RenameSiteLocation } from './inventory.commands.js';
import { SiteLocations } from './site-locations.service.js';
import { StockMovements } from './stock-movements.service.js';

@ApiTags('inventory')
@Controller('inventory/site-locations')
export class SiteLocationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly locations: SiteLocations,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The company\'s site locations by name: ?filter={"projectId":"..."}&after=&limit=; { items, next }' })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.locations.list(request.principal!, query);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a site location: { name, projectId? } (company-wide without a project)' })
  @ApiRefusal(400, 'validationFailed: name, projectId')
  @ApiRefusal(404, "projectNotFound: not the company's project")
  @ApiRefusal(409, 'siteLocationNameExists')
  add(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AddSiteLocation(request.principal!, body));
  }

  @Put(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename a site location: { name }' })
  @ApiRefusal(400, 'validationFailed: name')
  @ApiRefusal(404, 'siteLocationNotFound')
  @ApiRefusal(409, 'siteLocationNameExists')
  rename(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RenameSiteLocation(request.principal!, id, body));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a site location no stock movement names' })
  @ApiRefusal(400, 'validationFailed: a body that is not JSON')
  @ApiRefusal(404, 'siteLocationNotFound')
  @ApiRefusal(409, 'siteLocationInUse: Site location in use and cannot be deleted.')
  remove(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DeleteSiteLocation(request.principal!, id));
  }
}

@ApiTags('inventory')
@Controller('inventory/projects/:projectId')
export class StockMovementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly movements: StockMovements,
  ) {}

  @Get('movements')
  @ApiOperation({
    summary: 'The project\'s stock movements, newest first: ?filter={"kind":"receive","status":"pending"}&after=&limit=; { items, next }',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  @ApiRefusal(404, 'projectNotFound')
  list(@Param('projectId') projectId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.movements.list(request.principal!, projectId, query);
  }

  @Post('movements')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Record a stock movement (pending): { kind: receive|utilisation|transfer|adjustment, fromLocationId, toLocationId, locationId (adjustment), deliveryOrderId (receive), reason, lines: [{ productId, quantity, orderLineNo (receive) }] }',
  })
  @ApiRefusal(400, 'validationFailed (fields)')
  @ApiRefusal(403, 'noAuthority: CreatePropose on stock in the project')
  @ApiRefusal(404, 'projectNotFound')
  @ApiRefusal(422, 'deliveryOrderNotReceivable; stockAboveRemaining; stockBelowZero')
  record(@Param('projectId') projectId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RecordStockMovement(request.principal!, projectId, body));
  }

  @Get('movements/:id')
  @ApiOperation({ summary: 'One stock movement with its lines, what was received and its history (who, when, why, on-hand changes)' })
  @ApiRefusal(404, 'stockMovementNotFound; projectNotFound')
  view(@Param('projectId') projectId: string, @Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.movements.view(request.principal!, projectId, id);
  }

  @Post('movements/:id/actions/:action')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirm (takes out or corrects stock), Reject { remark }, Cancel { remark } (puts back what Confirm took), Receive { lines?: [{ lineNo, quantity }] } (a receipt or the in side of a transfer: partial or fully)',
  })
  @ApiRefusal(400, 'validationFailed: lines')
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(404, 'stockMovementNotFound; projectNotFound')
  @ApiRefusal(409, 'wrongStatus; wrongExpectedRevision')
  @ApiRefusal(422, 'remarkRequired; stockBelowZero; stockAboveRemaining')
  act(
    @Param('projectId') projectId: string,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnStockMovement(request.principal!, projectId, id, action, body));
  }

  @Get('on-hand')
  @ApiOperation({
    summary:
      'On-hand quantities per product and site location: ?asOf=YYYY-MM-DD (end of that day, Malaysia time) or ISO time&filter={"productId","locationId"}&after=&limit=',
  })
  @ApiRefusal(400, 'validationFailed: asOf, filter, after or limit')
  @ApiRefusal(404, 'projectNotFound')
  onHand(@Param('projectId') projectId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.movements.onHand(request.principal!, projectId, query);
  }
}
