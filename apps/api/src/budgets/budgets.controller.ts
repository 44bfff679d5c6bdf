// Routes of a project's ongoing budget, under the project: /api/projects/<id>/budget (read, start),
// its lines, which trade code an order or claim is counted under, workflow actions and history. Writes are
// sent as commands through the CommandBus (budgets.commands.ts); their handlers read the body
// (budgets-command.handlers.ts).
import { WorkflowStatuses } from '@binaan/contracts';
import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { BQ_VIEW_RIGHTS } from '../bills-of-quantity/bq-access.js';
import { contentRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { projectPlanList } from '../common/project-plan-list.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { budgetProject } from './budget-input.js';
import { ActOnBudget, AddBudgetLine, AllocateBudgetDocument, RemoveBudgetLine, StartBudget, UpdateBudgetLine } from './budgets.commands.js';
import { Budgets } from './budgets.service.js';
import { ApiActionEvent } from '../openapi/path-values.decorators.js';

type Reply = { header(name: string, value: string): unknown };

const ApiBudgetRefusals = () =>
  applyDecorators(
    ApiRefusal(409, 'wrongExpectedRevision (with revision), budgetExists, budgetNotEditable, budgetTradeCodeTaken, wrongStatus'),
    ApiRefusal(422, 'remarkRequired and the other refusals of the ongoingBudget machine'),
    ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
  );

@Controller()
@ApiTags('budgets')
export class BudgetsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly budgets: Budgets,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The company's ongoing budgets for §2.6's status pages: ?filter={"status":"pending"}&range=[0,24], newest status change first. */
  @Get('ongoing-budgets')
  @ApiOperation({
    summary: "The chosen company's ongoing budgets (project, status, last change), newest status change first",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Filter by status; the total is in Content-Range, counted only to the page's end plus one.",
  })
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const companyId = companyOf(request.principal!, ...BQ_VIEW_RIGHTS);
    const { rows, range, total } = await projectPlanList(this.db, 'ongoing_budgets', companyId, WorkflowStatuses.ongoingBudget, query);
    contentRange(reply, 'ongoing-budgets', range, rows.length, total);
    return rows;
  }

  @Get('projects/:id/budget')
  @ApiOperation({
    summary:
      "A project's ongoing budget: per trade code the budget, committed, claimed and remaining, with the orders and claims that count",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Committed counts the project's orders past their draft; claimed its progressive and milestone claims past their draft; remaining is budget minus committed. Status is null before the budget is started.",
  })
  async view(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const view = await this.budgets.view(request.principal!, budgetProject(id));
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  /** Starts the project's budget from its BQ's build-ups (a line per trade code): pending approval. */
  @Post('projects/:id/budget')
  @ApiBudgetRefusals()
  @HttpCode(201)
  @ApiOperation({
    summary: "Start a project's budget from its BQ's build-ups (a line per trade code), pending approval",
    description:
      'Changing needs costPlanAndLibrary.update or project.create and CreatePropose (level 10) on ongoingBudget in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision when stale, 428 revisionRequired without), and a status that allows edits (409 budgetNotEditable). 409 budgetExists when the project has one.',
  })
  start(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new StartBudget(request.principal!, id));
  }

  @Post('projects/:id/budget/lines')
  @ApiBudgetRefusals()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Add a budget line: a trade code, description and amount',
    description:
      'Changing needs costPlanAndLibrary.update or project.create and CreatePropose (level 10) on ongoingBudget in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision when stale, 428 revisionRequired without), and a status that allows edits (409 budgetNotEditable). 409 budgetTradeCodeTaken when the code has a line.',
  })
  addLine(
    @Param('id') id: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AddBudgetLine(request.principal!, id, raw, ifMatch));
  }

  @Put('projects/:id/budget/lines/:lineId')
  @ApiBudgetRefusals()
  @ApiOperation({
    summary: "Change a budget line's code, description or amount",
    description:
      'Changing needs costPlanAndLibrary.update or project.create and CreatePropose (level 10) on ongoingBudget in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision when stale, 428 revisionRequired without), and a status that allows edits (409 budgetNotEditable).',
  })
  updateLine(
    @Param('id') id: string,
    @Param('lineId') lineId: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new UpdateBudgetLine(request.principal!, id, lineId, raw, ifMatch));
  }

  @Delete('projects/:id/budget/lines/:lineId')
  @ApiBudgetRefusals()
  // It takes no body, yet Fastify still parses one sent (400 when it is not JSON).
  @ApiRefusal(400, 'a body sent that is not JSON (none is needed)')
  @ApiOperation({
    summary: 'Remove a budget line',
    description:
      'Changing needs costPlanAndLibrary.update or project.create and CreatePropose (level 10) on ongoingBudget in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision when stale, 428 revisionRequired without), and a status that allows edits (409 budgetNotEditable). Takes no body.',
  })
  removeLine(
    @Param('id') id: string,
    @Param('lineId') lineId: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new RemoveBudgetLine(request.principal!, id, lineId, ifMatch));
  }

  /** Counts an order or claim of the project under a trade code: { code (null: unallocated), revision }. */
  @Put('projects/:id/budget/allocations/:documentId')
  @ApiBudgetRefusals()
  @ApiOperation({
    summary: "Count one of the project's orders or claims under a trade code (null: unallocated)",
    description:
      'Changing needs costPlanAndLibrary.update or project.create and CreatePropose (level 10) on ongoingBudget in the project (403 noAuthority), the revision last read (If-Match or revision in the body: 409 wrongExpectedRevision when stale, 428 revisionRequired without), and a status that allows edits (409 budgetNotEditable). Body `{ code, revision }`.',
  })
  allocate(
    @Param('id') id: string,
    @Param('documentId') documentId: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AllocateBudgetDocument(request.principal!, id, documentId, raw, ifMatch));
  }

  @Post('projects/:id/budget/actions/:event')
  @ApiActionEvent('ongoingBudget')
  @ApiBudgetRefusals()
  @HttpCode(200)
  @ApiOperation({
    summary: "Send a workflow event to a project's budget: Approve, Reject, Resubmit, Reopen",
    description:
      'Needs the level the ongoingBudget machine asks for the event in the project and the revision last read. The machine refuses what the status does not allow (409 wrongStatus) and a rejection without remark (422 remarkRequired).',
  })
  act(
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnBudget(request.principal!, id, event, raw, ifMatch));
  }

  @Get('projects/:id/budget/history')
  @ApiOperation({
    summary: "A project budget's every event, oldest first",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404).",
  })
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.budgets.history(request.principal!, budgetProject(id));
  }
}
