// Routes of the setup items (base /api/company-setups/<kind path>): list, one item, its history, create,
// edit and the Deactivate / Reactivate actions. Lists answer in ra-data-simple-rest form with Content-Range.
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, setupKindOfPath, type SetupItemRow, type SetupKind } from '@binaan/contracts';
import type { AuthenticatedRequest } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ActOnSetupItem, CreateSetupItem, EditSetupItem } from './company-setups.commands.js';
import { SetupItemsService } from './setup-items.service.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';
import { SETUP_ACTIONS } from './setup-items.decider.js';

function kindOf(path: string): SetupKind {
  const kind = setupKindOfPath(path);
  if (!kind)
    throw refusal(404, ErrorCodes.notFound, `No setup ${path}: profit-parameters, project-categories, project-regions or questionnaires.`);
  return kind;
}

@ApiTags('company-setups')
@Controller('company-setups')
export class CompanySetupsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly items: SetupItemsService,
  ) {}

  @Get(':kind')
  @ApiOperation({
    summary:
      'The chosen company\'s items of a kind: ?filter={"status":"active","q":"..."}&sort=["name","ASC"]&range=[0,24]; Content-Range, X-Total-Capped',
  })
  @ApiRefusal(400, 'validationFailed: sort, range or filter')
  async list(
    @Param('kind') kind: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<SetupItemRow[]> {
    const page = await this.items.list(request.principal!, kindOf(kind), query);
    const { rows, range, total } = page;
    reply.header(
      'Content-Range',
      rows.length === 0 ? `${kind} */${total}` : `${kind} ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (page.capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }

  @Get(':kind/:id')
  @ApiOperation({ summary: 'One item; ETag: its revision' })
  @ApiRefusal(404, 'setupItemNotFound')
  async item(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ) {
    const item = await this.items.item(request.principal!, kindOf(kind), id);
    reply.header('ETag', `"${item.revision}"`);
    return item;
  }

  @Get(':kind/:id/history')
  @ApiOperation({ summary: 'Every change of the item, oldest first: who, when, why and the fields recorded' })
  @ApiRefusal(404, 'setupItemNotFound')
  history(@Param('kind') kind: string, @Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.items.history(request.principal!, kindOf(kind), id);
  }

  @Post(':kind')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Create an item: { code, description } (profit parameter), { name, description } (category, region), { name, description, type, minScore, maxScore, questions: [{ text, weight }] } (questionnaire); reason optional',
  })
  @ApiRefusal(400, 'validationFailed with fields')
  @ApiRefusal(409, 'itemNameExists: an item with the same name exists')
  create(@Param('kind') kind: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateSetupItem(request.principal!, kindOf(kind), body));
  }

  @Put(':kind/:id')
  @ApiOperation({ summary: 'Edit an item (the whole of it; questions in the order wanted, ids kept); If-Match: its revision' })
  @ApiRefusal(400, 'validationFailed with fields')
  @ApiRefusal(409, 'itemNameExists, wrongExpectedRevision')
  edit(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditSetupItem(request.principal!, kindOf(kind), id, body, ifMatch));
  }

  @Post(':kind/:id/actions/:action')
  @ApiPathValues('action', SETUP_ACTIONS, 'What is done with the item')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivate or Reactivate an item: { reason? }' })
  @ApiRefusal(409, 'setupItemStatusUnchanged, wrongExpectedRevision')
  act(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnSetupItem(request.principal!, kindOf(kind), id, action, body, ifMatch));
  }
}
