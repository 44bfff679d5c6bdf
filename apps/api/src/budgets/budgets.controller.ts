// Routes of a project's ongoing budget, under the project: /api/projects/<id>/budget (read, start),
// its lines, which trade code an order or claim is counted under, workflow actions and history. Writes are
// sent as commands through the CommandBus (budgets.commands.ts); their handlers read the body
// (budgets-command.handlers.ts).
import { WorkflowStatuses } from '@binaan/contracts';
import { applyDecorators, Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
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

const ApiBudgetRefusals = () => applyDecorators(
  ApiRefusal(409, 'wrongExpectedRevision (with revision), budgetExists, budgetNotEditable, budgetTradeCodeTaken, wrongStatus'),
  ApiRefusal(422, 'remarkRequired and the other refusals of the ongoingBudget machine'),
  ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
);

@Controller()
@ApiTags('budgets')
export class BudgetsController {
  constructor(private readonly commands: CommandBus, private readonly budgets: Budgets, @Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  /** The company's ongoing budgets for §2.6's status pages: ?filter={"status":"pending"}&range=[0,24], newest status change first. */
  @Get('ongoing-budgets')
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const companyId = companyOf(request.principal!, ...BQ_VIEW_RIGHTS);
    const { rows, range, total } = await projectPlanList(this.db, 'ongoing_budgets', companyId, WorkflowStatuses.ongoingBudget, query);
    contentRange(reply, 'ongoing-budgets', range, rows.length, total);
    return rows;
  }

  @Get('projects/:id/budget')
  async view(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const view = await this.budgets.view(request.principal!, budgetProject(id));
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  /** Starts the project's budget from its BQ's build-ups (a line per trade code): pending approval. */
  @Post('projects/:id/budget')
  @ApiBudgetRefusals()
  @HttpCode(201)
  start(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new StartBudget(request.principal!, id));
  }

  @Post('projects/:id/budget/lines')
  @ApiBudgetRefusals()
  @HttpCode(201)
  addLine(@Param('id') id: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AddBudgetLine(request.principal!, id, raw, ifMatch));
  }

  @Put('projects/:id/budget/lines/:lineId')
  @ApiBudgetRefusals()
  updateLine(@Param('id') id: string, @Param('lineId') lineId: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UpdateBudgetLine(request.principal!, id, lineId, raw, ifMatch));
  }

  @Delete('projects/:id/budget/lines/:lineId')
  @ApiBudgetRefusals()
  // It takes no body, yet Fastify still parses one sent (400 when it is not JSON).
  @ApiRefusal(400, 'a body sent that is not JSON (none is needed)')
  removeLine(@Param('id') id: string, @Param('lineId') lineId: string, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RemoveBudgetLine(request.principal!, id, lineId, ifMatch));
  }

  /** Counts an order or claim of the project under a trade code: { code (null: unallocated), revision }. */
  @Put('projects/:id/budget/allocations/:documentId')
  @ApiBudgetRefusals()
  allocate(@Param('id') id: string, @Param('documentId') documentId: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AllocateBudgetDocument(request.principal!, id, documentId, raw, ifMatch));
  }

  @Post('projects/:id/budget/actions/:event')
  @ApiActionEvent('ongoingBudget')
  @ApiBudgetRefusals()
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnBudget(request.principal!, id, event, raw, ifMatch));
  }

  @Get('projects/:id/budget/history')
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.budgets.history(request.principal!, budgetProject(id));
  }
}
