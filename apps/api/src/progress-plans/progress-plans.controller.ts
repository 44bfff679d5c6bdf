// Routes of a project's progress plan, under the project: /api/projects/<id>/progress-plan (read, start),
// a BQ row's planned dates and percent complete, workflow actions and history. Writes are sent as commands
// through the CommandBus (progress-plans.commands.ts); their handlers read the body
// (progress-plans-command.handlers.ts).
import { WorkflowStatuses } from '@binaan/contracts';
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
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

const ApiPlanRefusals = () =>
  applyDecorators(
    ApiRefusal(409, 'wrongExpectedRevision (with revision), progressPlanExists, progressPlanNotEditable, wrongStatus'),
    ApiRefusal(
      422,
      'progressEndBeforeStart, progressPercentOver100, remarkRequired and the other refusals of the progressPlanning machine',
    ),
    ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
  );

@Controller()
@ApiTags('progress-plans')
export class ProgressPlansController {
  constructor(
    private readonly commands: CommandBus,
    private readonly plans: ProgressPlans,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The company's progress plans for §2.6's status pages: ?filter={"status":"pending"}&range=[0,24], newest status change first. */
  @Get('progress-plans')
  @ApiOperation({
    summary: "The chosen company's progress plans (project, status, last change), newest status change first",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Filter by status; the total is in Content-Range, counted only to the page's end plus one.",
  })
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const companyId = companyOf(request.principal!, ...BQ_VIEW_RIGHTS);
    const { rows, range, total } = await projectPlanList(this.db, 'progress_plans', companyId, WorkflowStatuses.progressPlanning, query);
    contentRange(reply, 'progress-plans', range, rows.length, total);
    return rows;
  }

  @Get('projects/:id/progress-plan')
  @ApiOperation({
    summary: "A project's progress plan: the BQ's rows depth first with planned dates and percent complete",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Status is null before the plan is started; `editable` says whether planned dates can change now.",
  })
  async view(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const view = await this.plans.view(request.principal!, planProject(id));
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  /** Starts the project's progress plan (pending approval); its rows are the BQ's. */
  @Post('projects/:id/progress-plan')
  @ApiPlanRefusals()
  @HttpCode(201)
  @ApiOperation({
    summary: "Start a project's progress plan (pending approval); its rows are the BQ's",
    description:
      'Needs CreatePropose (level 10) on progressPlanning in the project, with costPlanAndLibrary.update or project.create. 409 progressPlanExists when the project has one.',
  })
  start(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new StartProgressPlan(request.principal!, id));
  }

  @Put('projects/:id/progress-plan/nodes/:nodeId')
  @ApiPlanRefusals()
  @ApiOperation({
    summary: "Plan a BQ row's dates and/or record its percent complete",
    description:
      'Needs CreatePropose (level 10) on progressPlanning in the project, with costPlanAndLibrary.update or project.create. Body { plannedStart, plannedEnd } and/or { percentComplete }, with the revision last read (If-Match or revision). Planned dates change only while pending before a level approved, or rejected (409 progressPlanNotEditable once approved); percent complete at any status after the start. 404 progressNodeNotFound for a row the BQ lacks; 422 progressEndBeforeStart, progressPercentOver100.',
  })
  plan(
    @Param('id') id: string,
    @Param('nodeId') nodeId: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new PlanProgressRow(request.principal!, id, nodeId, raw, ifMatch));
  }

  @Post('projects/:id/progress-plan/actions/:event')
  @ApiActionEvent('progressPlanning')
  @ApiPlanRefusals()
  @HttpCode(200)
  @ApiOperation({
    summary: "Send a workflow event to a project's progress plan: Approve, Reject, Resubmit, Reopen",
    description:
      'Needs the level the progressPlanning machine asks in the project and the exact revision read. The machine refuses what the status does not allow (409 wrongStatus), and a rejection or reopening without remark (422 remarkRequired).',
  })
  act(
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() raw: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnProgressPlan(request.principal!, id, event, raw, ifMatch));
  }

  @Get('projects/:id/progress-plan/history')
  @ApiOperation({
    summary: "A project progress plan's every event, oldest first",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404).",
  })
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.plans.history(request.principal!, planProject(id));
  }
}
