// BQ scans (spec §2.5 OCR scan import, computer only; §2.6 /project/{projectId}/bill-of-quantity-scan-list).
//   POST /api/project/:projectId/bill-of-quantity-scans            (body: PNG, JPEG or PDF; X-File-Name) -> 202 { id, status: 'reading', revision }
//   GET  /api/project/:projectId/bill-of-quantity-scan-list?range=[0,24]&filter={"status":"pendingReview"} -> rows, Content-Range
//   GET  /api/project/:projectId/bill-of-quantity-scans/:scanId     -> the scan with its rows and history (ETag: revision)
//   PUT  /api/project/:projectId/bill-of-quantity-scans/:scanId/rows [If-Match] { rows }        -> rows re-checked
//   POST /api/project/:projectId/bill-of-quantity-scans/:scanId/actions/Import [If-Match] { tab } | Discard { remark? }
// Writes are sent as commands through the CommandBus (bq-import-export.commands.ts).
import { Body, Controller, UseGuards, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { RequireAccessRight } from '../../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../../common/module-access.guard.js';
import type { AuthenticatedRequest } from '../../common/principal.js';
import type { HeaderReply } from '../../common/reply.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ActOnBqScan, EditBqScanRows, UploadBqScan } from '../bq-import-export.commands.js';
import { BQ_READ_RIGHTS, BQ_WRITE_RIGHTS } from '../import-export/bq-excel.controller.js';
import { BQ_SCAN_ACTIONS, BqScanService } from './bq-scan.service.js';
import { ApiPathValues } from '../../openapi/path-values.decorators.js';

@ApiTags('bills-of-quantity')
@UseGuards(ModuleAccessGuard)
@Controller('project/:projectId')
export class BqScanController {
  constructor(
    private readonly commands: CommandBus,
    private readonly scans: BqScanService,
  ) {}

  @Post('bill-of-quantity-scans')
  @HttpCode(202)
  @RequireAccessRight(BQ_WRITE_RIGHTS)
  @ApiResponse({
    status: 202,
    description:
      '{ success, id, status: reading, revision }: read in the background; the scan list shows when it is pendingReview or failed',
  })
  @ApiRefusal(
    403,
    'bqScanComputerOnly: OCR scanning is allowed on a computer only (X-Binaan-Device, Sec-CH-UA-Mobile/-Platform, User-Agent)',
  )
  @ApiRefusal(415, 'bqScanFileType: not a PNG, JPEG or PDF; fileExpected: no file in the body')
  @ApiOperation({
    summary: 'Upload a printed BQ (PNG, JPEG or PDF) to be read by OCR into rows for review',
    description:
      "Needs the BQ's write rights (costPlanAndLibrary.update or project.create) on a visible project of the chosen company. Answers 202 with the scan's id while OCR runs in the background (status reading, then pendingReview). Refused on a phone or tablet (403 bqScanComputerOnly) and for another file type (415).",
  })
  upload(@Param('projectId') projectId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UploadBqScan(request.principal!, projectId, body, request.headers));
  }

  @Get('bill-of-quantity-scan-list')
  @RequireAccessRight(BQ_READ_RIGHTS)
  @ApiResponse({
    status: 200,
    description:
      '[{ id, fileName, mediaType, status, pages, rows, rowsWithProblems, importedTo, uploadedBy, uploadedAt, updatedAt, revision }], newest first; Content-Range (X-Total-Capped past 1000)',
  })
  @ApiOperation({
    summary: "A project's BQ scans with their status, pages, rows and rows with problems",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Filter by status; range pages the list.",
  })
  async list(
    @Param('projectId') projectId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ) {
    const { rows, range, total, capped } = await this.scans.list(request.principal!, projectId, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `bq-scans */${total}` : `bq-scans ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, ETag, X-Total-Capped');
    return rows;
  }

  @Get('bill-of-quantity-scans/:scanId')
  @RequireAccessRight(BQ_READ_RIGHTS)
  @ApiResponse({
    status: 200,
    description:
      '{ id, projectId, fileName, mediaType, status, pages, failure, importedTo, rows: [{ page, top, level, type, title, description, unit, quantity, rate, amount, confidence, problems }], revision, history }',
  })
  @ApiOperation({
    summary: 'A BQ scan: its status, pages and the rows read, each with its confidence and problems',
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404).",
  })
  async detail(
    @Param('projectId') projectId: string,
    @Param('scanId') scanId: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ) {
    const scan = await this.scans.detail(request.principal!, projectId, scanId);
    reply.header('ETag', String(scan.revision));
    return scan;
  }

  @Put('bill-of-quantity-scans/:scanId/rows')
  @RequireAccessRight(BQ_WRITE_RIGHTS)
  @ApiResponse({ status: 200, description: '{ success, revision, rows }: the rows as stored, each with its problems' })
  @ApiRefusal(409, 'wrongExpectedRevision; bqScanNotInReview')
  @ApiOperation({
    summary: "Correct a scan's rows before importing them",
    description:
      "Needs the BQ's write rights (costPlanAndLibrary.update or project.create) on a visible project of the chosen company. Body { rows } with If-Match; each row is checked again and its problems listed. 409 bqScanNotInReview once imported or discarded, wrongExpectedRevision when stale.",
  })
  editRows(
    @Param('projectId') projectId: string,
    @Param('scanId') scanId: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditBqScanRows(request.principal!, projectId, scanId, body, ifMatch));
  }

  @Post('bill-of-quantity-scans/:scanId/actions/:event')
  @ApiPathValues('event', BQ_SCAN_ACTIONS, 'Import the rows into the BQ, or Discard the scan')
  @HttpCode(200)
  @RequireAccessRight(BQ_WRITE_RIGHTS)
  @ApiResponse({ status: 200, description: '{ success, id, status, revision } (Import: also written, bqRevision)' })
  @ApiRefusal(409, 'wrongExpectedRevision; bqScanNotInReview')
  @ApiRefusal(422, 'bqScanRowsHaveProblems (rows: [{ index, problems }]); bqScanNoRows')
  @ApiOperation({
    summary: "Import a scan's rows into a BQ tab, or discard the scan",
    description:
      "Needs the BQ's write rights (costPlanAndLibrary.update or project.create) on a visible project of the chosen company. Import { tab } writes the rows into the BQ (as one change); Discard { remark? } drops the scan. 422 bqScanRowsHaveProblems or bqScanNoRows; 409 bqScanNotInReview or stale.",
  })
  act(
    @Param('projectId') projectId: string,
    @Param('scanId') scanId: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnBqScan(request.principal!, projectId, scanId, event, body, ifMatch));
  }
}
