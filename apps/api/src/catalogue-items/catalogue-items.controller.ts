// Routes of a company's catalogue items (not the workflow catalogue of GET /api/workflows): the list and
// the pickers' search, one item, its history, add, edit, retire and restore. Writes go through the CommandBus
// (catalogue-items.commands.ts); the list answers in ra-data-simple-rest form with Content-Range (and
// X-Total-Capped when its count stopped at the cap).
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { CatalogueItemRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { CATALOGUE_READ_RIGHTS } from './catalogue-access.js';
import { catalogueItemList } from './catalogue-item-list.js';
import { ActOnCatalogueItem, AddCatalogueItem, EditCatalogueItem } from './catalogue-items.commands.js';
import { CatalogueItems } from './catalogue-items.service.js';

const ApiItemRefusals = () =>
  applyDecorators(
    ApiRefusal(409, 'itemNameExists, itemCodeExists, catalogueItemRetired, catalogueItemNotRetired, wrongExpectedRevision'),
    ApiRefusal(422, 'remarkRequired: a retirement or restoration says why (reason)'),
  );

@ApiTags('catalogue-items')
@Controller('catalogue-items')
export class CatalogueItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly items: CatalogueItems,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** ?filter={"q":"cement","kind":"product","status":"active"}&sort=["name","ASC"]&range=[0,24] (also the pickers' search). */
  @Get()
  @ApiOperation({
    summary: "The chosen company's catalogue items (products, trades, machines, others), searched, filtered and sorted",
    description:
      "Needs administration.catalogue view or update, or a drafting right that picks items. Filter by q, kind and status, sort e.g. by name; the total is in Content-Range (X-Total-Capped when the count stopped at its cap); filter.id reads several by id. Also the document line and BQ pickers' search.",
  })
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CatalogueItemRow[]> {
    const companyId = companyOf(request.principal!, ...CATALOGUE_READ_RIGHTS);
    const { rows, range, total, capped } = await catalogueItemList(this.db, companyId, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `catalogue-items */${total}` : `catalogue-items ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'A catalogue item, with its revision as ETag',
    description: 'Needs administration.catalogue view or update, or a drafting right that picks items. 404 for an item of another company.',
  })
  async view(
    @Param('id') id: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CatalogueItemRow> {
    const row = await this.items.view(request.principal!, id);
    reply.header('ETag', `"${row.revision}"`);
    return row;
  }

  @Get(':id/history')
  @ApiOperation({
    summary: "A catalogue item's history: each step with who, when, why and the fields it set (before and after)",
    description: 'Needs administration.catalogue view or update, or a drafting right that picks items.',
  })
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.items.history(request.principal!, id);
  }

  @Post()
  @HttpCode(201)
  @ApiItemRefusals()
  @ApiOperation({
    summary: "Add an item to the chosen company's catalogue",
    description:
      'Needs administration.catalogue.update. Body { kind, code, name, description, unit, unitPrice, brandModel, colour, size, manufacturer, tradeCategory, reason }. Refused: 400 validationFailed with fields, 409 itemNameExists or itemCodeExists.',
  })
  add(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AddCatalogueItem(request.principal!, body));
  }

  @Put(':id')
  @ApiItemRefusals()
  @ApiOperation({
    summary: "Replace a catalogue item's fields (the whole item)",
    description:
      'Needs administration.catalogue.update. Send the revision last read (If-Match or revision). Refused: 409 wrongExpectedRevision, itemNameExists, itemCodeExists, catalogueItemRetired.',
  })
  edit(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditCatalogueItem(request.principal!, id, body, ifMatch));
  }

  @Post(':id/actions/Retire')
  @HttpCode(200)
  @ApiItemRefusals()
  @ApiOperation({
    summary: 'Retire a catalogue item: no longer offered to pickers, kept in its history',
    description:
      'Needs administration.catalogue.update. A reason is required (422 remarkRequired); 409 catalogueItemRetired when already retired.',
  })
  retire(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnCatalogueItem(request.principal!, id, 'Retire', body, ifMatch));
  }

  @Post(':id/actions/Restore')
  @HttpCode(200)
  @ApiItemRefusals()
  @ApiOperation({
    summary: 'Restore a retired catalogue item',
    description:
      'Needs administration.catalogue.update. A reason is required (422 remarkRequired); 409 catalogueItemNotRetired, or itemNameExists when the name was taken meanwhile.',
  })
  restore(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnCatalogueItem(request.principal!, id, 'Restore', body, ifMatch));
  }
}
