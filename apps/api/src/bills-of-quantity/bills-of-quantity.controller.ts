// Routes of the bills of quantity. The tree operations at the spec's paths (§7: POST bq-item/promote-header
// and bq-item/demote-header with { project_id, bq_tab_id, id }; the other §4.9 operations beside them),
// tabs at bq-tab/<operation>, build-ups at bq-build-up/<operation>, and the BQ itself at
// bill-of-quantity/<projectId> (read, as of, changes since, live, history, workflow actions). Writes are
// sent as commands through the CommandBus (bq.commands.ts); their handlers read the body (bq-command.handlers.ts).
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation } from '@nestjs/swagger';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import type { BqChangeReply } from '@binaan/contracts';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../common/principal.js';
import { companyOf } from '../authority/authority.service.js';
import { BqAccess, BQ_VIEW_RIGHTS } from './bq-access.js';
import { ActOnBq, AddBqItem, ChangeBqBuildUp, ChangeBqItem, ChangeBqTab, ImportBqRows } from './bq.commands.js';
import { opt } from './bq-input.js';
import { BqLive } from './bq-live.js';
import { BqQueries } from './bq-queries.js';
import { ApiActionEvent, ApiPathValues } from '../openapi/path-values.decorators.js';
import { BQ_BUILD_UP_OPERATIONS, BQ_ITEM_OPERATIONS, BQ_TAB_OPERATIONS } from './bq-command.handlers.js';

type Reply = { header(name: string, value: string): unknown };

/** The refusals of a change (README "Errors"): stale or not allowed now, a broken rule, no revision sent. */
const ApiBqChangeRefusals = () =>
  applyDecorators(
    ApiRefusal(
      409,
      'wrongExpectedRevision (with revision and changed), bqNotEditable, bqTabNameTaken, bqHeaderHasChildren, bqAlreadyHeader, bqAlreadyItem, bqCannotMove, bqCannotIndent, bqCannotOutdent, tradeCodeTaken, wrongStatus',
    ),
    ApiRefusal(
      422,
      'bqTabRequired, bqParentNotHeader, bqHeaderNotPriced, bqItemIncomplete, bqNoItems, totalSubNeedsTradeCode, tradeCodeOfRateEditedNotTotalSub, unknownTradeCode, profitParameterInactive (a build-up newly naming an inactive profit parameter), bqImportInvalid, bqTooManyRows, remarkRequired',
    ),
    ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
  );
const HEARTBEAT_MS = 25_000;

@Controller()
export class BillsOfQuantityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: BqQueries,
    private readonly access: BqAccess,
    private readonly live: BqLive,
  ) {}

  /** Add a row: { project_id, bq_tab_id, parent_id?, type, order?, title, description, unit, quantity, rate, buildUp*, revision }. */
  @Post('bq-item/add')
  @ApiBqChangeRefusals()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Add a header or an item row to a BQ tab',
    description:
      'Changing needs costPlanAndLibrary.update or project.create and level 10 on billOfQuantity in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision with what changed when stale, 428 revisionRequired without), and a status that allows edits (409 bqNotEditable). Answers the rows acted on with the headers above them, the tabs and the BQ amount. 422 bqTabRequired before the first tab, bqParentNotHeader under an item.',
  })
  add(
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<BqChangeReply> {
    return this.commands.execute(new AddBqItem(request.principal!, raw, ifMatch));
  }

  /** Rows from a flat import (Excel, OCR scan): { project_id, bq_tab_id, parent_id?, rows: BqImportRow[], revision }, one event. */
  @Post('bq-item/import')
  @ApiBqChangeRefusals()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Add many rows at once from a flat import (Excel, scan), as one change',
    description:
      'Changing needs costPlanAndLibrary.update or project.create and level 10 on billOfQuantity in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision with what changed when stale, 428 revisionRequired without), and a status that allows edits (409 bqNotEditable). Every row is checked first: 422 bqImportInvalid with fields by rows[i].<field> records nothing; bqTooManyRows over the limit.',
  })
  importRows(
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<BqChangeReply> {
    return this.commands.execute(new ImportBqRows(request.principal!, raw, ifMatch));
  }

  @Post('bq-item/:operation')
  @ApiPathValues('operation', BQ_ITEM_OPERATIONS, 'The change to a row: { project_id, bq_tab_id, id, ... }')
  @ApiBqChangeRefusals()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change a BQ row: update, delete, duplicate, move, indent, outdent, promote to header, demote to item',
    description:
      "Changing needs costPlanAndLibrary.update or project.create and level 10 on billOfQuantity in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision with what changed when stale, 428 revisionRequired without), and a status that allows edits (409 bqNotEditable). The operation names the change; the tree's rules answer 409 (bqHeaderHasChildren, bqCannotMove, bqCannotIndent, bqCannotOutdent, bqAlreadyHeader, bqAlreadyItem) and 404 bqNodeNotFound.",
  })
  item(
    @Param('operation') operation: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<BqChangeReply> {
    return this.commands.execute(new ChangeBqItem(request.principal!, operation, raw, ifMatch));
  }

  /** Tabs: add { project_id, name, order? }, rename { project_id, bq_tab_id, name }, move { ..., order }, delete { project_id, bq_tab_id }. */
  @Post('bq-tab/:operation')
  @ApiPathValues('operation', BQ_TAB_OPERATIONS, 'The change to a tab')
  @ApiBqChangeRefusals()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Add, rename, move or delete a BQ tab',
    description:
      'Changing needs costPlanAndLibrary.update or project.create and level 10 on billOfQuantity in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision with what changed when stale, 428 revisionRequired without), and a status that allows edits (409 bqNotEditable). 409 bqTabNameTaken when another tab has the name, 404 bqTabNotFound.',
  })
  tab(
    @Param('operation') operation: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<BqChangeReply> {
    return this.commands.execute(new ChangeBqTab(request.principal!, operation, raw, ifMatch));
  }

  /** Build-ups (price of a trade code): add / update { project_id, code, description, totalSub?, lines[], profitPercent, profitParameterId? }, delete { project_id, code }. */
  @Post('bq-build-up/:operation')
  @ApiPathValues('operation', BQ_BUILD_UP_OPERATIONS, 'The change to a build-up')
  @ApiBqChangeRefusals()
  @ApiRefusal(
    404,
    "bqNotFound, unknownTradeCode, profitParameterNotFound (not one of the company's profit parameters), notFound (no such operation)",
  )
  @HttpCode(200)
  @ApiOperation({
    summary: 'Add, update or delete a build-up: the priced make-up of a trade code',
    description:
      "Changing needs costPlanAndLibrary.update or project.create and level 10 on billOfQuantity in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision with what changed when stale, 428 revisionRequired without), and a status that allows edits (409 bqNotEditable). Lines are labour, material or plant; 404 profitParameterNotFound for a profit parameter that is not the company's, 422 profitParameterInactive or unknownTradeCode, 409 tradeCodeTaken.",
  })
  buildUp(
    @Param('operation') operation: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<BqChangeReply> {
    return this.commands.execute(new ChangeBqBuildUp(request.principal!, operation, raw, ifMatch));
  }

  /** The company's BQs (flat, newest status change first): ?filter={"status":"pendingApproval"}&range=[0,24]. */
  @Get('bills-of-quantity')
  @ApiOperation({
    summary: "The chosen company's bills of quantity, newest status change first, filtered by status",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). The total is in Content-Range, counted only to the page's end plus one.",
  })
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    companyOf(request.principal!, ...BQ_VIEW_RIGHTS);
    const { rows, from, total } = await this.queries.list(request.principal!, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `bills-of-quantity */${total}` : `bills-of-quantity ${from}-${from + rows.length - 1}/${total}`,
    );
    reply.header('Access-Control-Expose-Headers', 'Content-Range, ETag');
    return rows;
  }

  @Get('bill-of-quantity/:projectId')
  @ApiOperation({
    summary: "A project's BQ: tabs, rows depth first, build-ups, amount and the caller's actions, now or at a revision or time",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Before the first tab the status is null and the revision -1. Answers the revision as ETag; `editable` and `readOnlyBecause` say whether this user may change it and why not.",
  })
  async view(
    @Param('projectId') projectId: string,
    @Query('revision') revision: string | undefined,
    @Query('asOf') asOf: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const view = await this.queries.view(request.principal!, projectId, { ...opt('revision', revision), ...opt('asOf', asOf) });
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  @Get('bill-of-quantity/:projectId/changes')
  @ApiOperation({
    summary: "A BQ's changes after a revision, at most 1,000 a reply",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). For keeping a view up to date: `more` is true when there are further changes to read with the last revision as `since`.",
  })
  changes(@Param('projectId') projectId: string, @Query('since') since: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.queries.changes(request.principal!, projectId, since);
  }

  @Get('bill-of-quantity/:projectId/history')
  @ApiOperation({
    summary: "A BQ's every event, oldest first, with its hash and whether the chain verifies",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404).",
  })
  history(@Param('projectId') projectId: string, @Req() request: AuthenticatedRequest) {
    return this.queries.history(request.principal!, projectId);
  }

  @Post('bill-of-quantity/:projectId/actions/:event')
  @ApiActionEvent('billOfQuantity')
  @ApiBqChangeRefusals()
  @HttpCode(200)
  @ApiOperation({
    summary: "Send a workflow event to a project's BQ: Request_Approve, Approve, Reject, Resubmit, Reopen",
    description:
      'Needs the level the billOfQuantity machine asks for the event in the project, and the revision last read (If-Match or revision; 428 without, 409 when stale). The machine refuses what the status does not allow (409 wrongStatus), self-approval (403 selfApprovalForbidden) and a rejection without remark (422 remarkRequired); 422 bqNoItems or bqItemIncomplete when asking approval for an incomplete BQ.',
  })
  act(
    @Param('projectId') projectId: string,
    @Param('event') event: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnBq(request.principal!, projectId, event, raw, ifMatch));
  }

  /**
   * Server-sent events: each change to the BQ as it is recorded (`id:` its revision, `event: change`,
   * `data:` the change as /changes gives it). `?since=n` first sends the changes after n that were missed.
   */
  // A stream that stays open: not described by the OpenAPI document (nor called by its conformance test).
  @ApiExcludeEndpoint()
  @Get('bill-of-quantity/:projectId/live')
  async stream(
    @Param('projectId') projectId: string,
    @Query('since') since: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.access.reader(request.principal!, projectId);
    const missed = since === undefined ? null : await this.queries.changes(request.principal!, projectId, since);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    let last = missed ? Number(since) : -1;
    const send = (changes: readonly { revision: number }[]) => {
      for (const change of changes) {
        if (change.revision <= last) continue;
        last = change.revision;
        raw.write(`id: ${change.revision}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`);
      }
    };
    raw.write(': open\n\n');
    const stop = this.live.listen(projectId, send);
    if (missed) send(missed.changes);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    raw.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
