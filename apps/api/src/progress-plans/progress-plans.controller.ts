// Routes of a project's progress plan, under the project: /api/projects/<id>/progress-plan (read, start),
// a BQ row's planned dates and percent complete, workflow actions and history.
import { WorkflowStatuses } from '@binaan/contracts';
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { BQ_VIEW_RIGHTS } from '../bills-of-quantity/bq-access.js';
import { contentRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { projectPlanList } from '../common/project-plan-list.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { baseRevision, bodyOf, isUuid, type Body as Json } from '../bills-of-quantity/bq-input.js';
import { BqRefused, invalidBq } from '../bills-of-quantity/bq.errors.js';
import { BqRefusedFilter } from '../bills-of-quantity/bq-refused.filter.js';
import { formatSen, parsePercent } from '../documents/money.js';
import type { PlanRow } from './progress-plan.decider.js';
import { ProgressPlans } from './progress-plans.service.js';

type Reply = { header(name: string, value: string): unknown };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ApiPlanRefusals = () => applyDecorators(
  ApiRefusal(409, 'wrongExpectedRevision (with revision), progressPlanExists, progressPlanNotEditable, wrongStatus'),
  ApiRefusal(422, 'progressEndBeforeStart, progressPercentOver100, remarkRequired and the other refusals of the progressPlanning machine'),
  ApiRefusal(428, 'revisionRequired: send the revision last read (revision in the body, or If-Match)'),
);

function project(id: string): string {
  if (!isUuid(id)) throw new BqRefused(404, 'progressPlanNotFound', 'No such project.');
  return id;
}

function isDate(value: string): boolean {
  const time = new Date(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(time.getTime()) && time.toISOString().startsWith(value);
}

/** { plannedStart, plannedEnd } (ISO dates or null, both together) and / or { percentComplete } (0 to 100). */
function rowOf(nodeId: string, body: Json): PlanRow {
  const problems: Record<string, string[]> = {};
  const date = (key: string): string | null => {
    const value = body[key];
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || !isDate(value)) problems[key] = ['must be a date (YYYY-MM-DD) or null'];
    return typeof value === 'string' ? value : null;
  };
  const row: PlanRow = { nodeId };
  if (body.plannedStart !== undefined || body.plannedEnd !== undefined) row.dates = { plannedStart: date('plannedStart'), plannedEnd: date('plannedEnd') };
  if (body.percentComplete !== undefined) {
    const raw = body.percentComplete;
    const basis = typeof raw === 'string' || typeof raw === 'number' ? parsePercent(String(raw).trim()) : null;
    if (basis === null || basis < 0n) problems.percentComplete = ['must be a percentage from 0, at most 2 decimals'];
    else row.percentComplete = formatSen(basis);
  }
  if (Object.keys(problems).length > 0) throw invalidBq(problems);
  if (!row.dates && row.percentComplete === undefined) throw invalidBq({ body: ['send plannedStart and plannedEnd, or percentComplete'] });
  return row;
}

@Controller()
@ApiTags('progress-plans')
@UseFilters(BqRefusedFilter)
export class ProgressPlansController {
  constructor(private readonly plans: ProgressPlans, @Inject(READ_MODELS) private readonly db: SqlExecutor) {}

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
    const view = await this.plans.view(request.principal!, project(id));
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  /** Starts the project's progress plan (pending approval); its rows are the BQ's. */
  @Post('projects/:id/progress-plan')
  @ApiPlanRefusals()
  @HttpCode(201)
  start(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.plans.start(request.principal!, project(id));
  }

  @Put('projects/:id/progress-plan/nodes/:nodeId')
  @ApiPlanRefusals()
  plan(@Param('id') id: string, @Param('nodeId') nodeId: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    const body = bodyOf(raw);
    if (!isUuid(nodeId)) throw new BqRefused(404, 'progressNodeNotFound', 'No such row in the bill of quantity.');
    return this.plans.plan(request.principal!, project(id), rowOf(nodeId, body), baseRevision(body, ifMatch));
  }

  @Post('projects/:id/progress-plan/actions/:event')
  @ApiPlanRefusals()
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() raw: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    const body = bodyOf(raw);
    if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000)) throw invalidBq({ remark: ['must be text of at most 2000 characters'] });
    return this.plans.act(request.principal!, project(id), event, typeof body.remark === 'string' ? body.remark.trim() : undefined, baseRevision(body, ifMatch));
  }

  @Get('projects/:id/progress-plan/history')
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.plans.history(request.principal!, project(id));
  }
}
