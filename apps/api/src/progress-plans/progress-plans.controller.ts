// Routes of a project's progress plan, under the project: /api/projects/<id>/progress-plan (read, start),
// a BQ row's planned dates and percent complete, workflow actions and history. Writes are sent as commands
// through the CommandBus (progress-plans.commands.ts); their handlers read the body
// (progress-plans-command.handlers.ts).
import { WorkflowStatuses } from '@binaan/contracts';
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { BQ_VIEW_RIGHTS } from '../bills-of-quantity/bq-access.js';
import { contentRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { projectPlanList } from '../common/project-plan-list.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { planProject } from './progress-plan-input.js';
import { ActOnProgressPlan, PlanProgressRow, StartProgressPlan } from './progress-plans.commands.js';
import { ProgressPlans } from './progress-plans.service.js';
import { ApiActionEvent } from '../openapi/path-values.decorators.js';

type Reply = { header(name: string, value: string): unknown };

const ApiPlanRefusals = () => applyDecorators(
  ApiRefusal(409, 'wrongExpectedRevision (with revision), progressPlanExists, progressPlanNotEditable, wrongStatus'),
  ApiRefusal(422, 'progressEndBeforeStart, progressPercentOver100, remarkRequired and the other refusals of the progressPlanning machine'),
  ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
);

@Controller()
@ApiTags('progress-plans')
export class ProgressPlansController {
  constructor(private readonly commands: CommandBus, private readonly plans: ProgressPlans, @Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  /** The company's progress plans for §2.6's status pages: ?filter={"status":"pending"}&range=[0,24], newest status change first. */
  @Get('progress-plans')
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const companyId = companyOf(request.principal!, ...BQ_VIEW_RIGHTS);
    const { rows, range, total } = await projectPlanList(this.db, 'progress_plans', companyId, WorkflowStatuses.progressPlanning, query);
    contentRange(reply, 'progress-plans', range, rows.length, total);
    return rows;
  }

  @Get('projects/:id/progress-plan')
  async view(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const view = await this.plans.view(request.principal!, planProject(id));
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  /** Starts the project's progress plan (pending approval); its rows are the BQ's. */
  @Post('projects/:id/progress-plan')
  @ApiPlanRefusals()
  @HttpCode(201)
  start(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new StartProgressPlan(request.principal!, id));
  }

  @Put('projects/:id/progress-plan/nodes/:nodeId')
  @ApiPlanRefusals()
  plan(@Param('id') id: string, @Param('nodeId') nodeId: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new PlanProgressRow(request.principal!, id, nodeId, raw, ifMatch));
  }

  @Post('projects/:id/progress-plan/actions/:event')
  @ApiActionEvent('progressPlanning')
  @ApiPlanRefusals()
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnProgressPlan(request.principal!, id, event, raw, ifMatch));
  }

  @Get('projects/:id/progress-plan/history')
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.plans.history(request.principal!, planProject(id));
  }
}
