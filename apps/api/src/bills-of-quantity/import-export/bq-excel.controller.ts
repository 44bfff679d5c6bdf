// Excel import and export of a project's BQ. Paths under the spec's BQ target
// /bill-of-quantity/{projectId} (§2.6). The file is the request body (Content-Type: the xlsx type or
// application/octet-stream); the mapping travels in the query, as JSON.
//   POST /api/bill-of-quantity/:projectId/import/preview       -> 200 { sheets (first rows, proposed mapping each), mapping }
//   POST /api/bill-of-quantity/:projectId/import?mapping=&dryRun= -> 201 { written, revision, rows, tabs } (dryRun: 200 with preview)
//        with Accept: application/x-ndjson: 200, one JSON line per progress step, the last { type: 'result', status, body }
//   GET  /api/bill-of-quantity/:projectId/export                -> the .xlsx (Summary and a sheet per tab)
// The import is sent as a command through the CommandBus (ImportBqWorkbook, bq-import-export.commands.ts);
// the streamed reply (NDJSON progress lines) stays here, the command's onProgress writing them. The preview
// records nothing and calls the service directly, like the export.
import { Body, Controller, UseGuards, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiProduces, ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAccessRight } from '../../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../../common/module-access.guard.js';
import { toErrorReply } from '../../common/error-reply.filter.js';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ImportBqWorkbook } from '../bq-import-export.commands.js';
import { fileBody, XLSX_TYPE } from './binary-bodies.js';
import { BqExcelService, notXlsx, type ImportProgress } from './bq-excel.service.js';
import { visibleProject } from './project-access.js';
import { looksLikeZip } from './xlsx-reader.js';

export const BQ_WRITE_RIGHTS = ['costPlanAndLibrary.update', 'projectManagement.update'] as const;
export const BQ_READ_RIGHTS = [
  'costPlanAndLibrary.view',
  'costPlanAndLibrary.update',
  'projectManagement.view',
  'projectManagement.update',
] as const;

@ApiTags('bills-of-quantity')
@UseGuards(ModuleAccessGuard)
@Controller('bill-of-quantity/:projectId')
export class BqExcelController {
  constructor(
    private readonly commands: CommandBus,
    private readonly excel: BqExcelService,
  ) {}

  @Post('import/preview')
  @HttpCode(200)
  @RequireAccessRight(BQ_WRITE_RIGHTS)
  @ApiResponse({
    status: 200,
    description: '{ success, sheets: [{ name, rowCount, outlined, rows: [{ row, outlineLevel, cells }], proposed }], mapping }',
  })
  @ApiRefusal(400, 'bqImportNotXlsx: the body is not an .xlsx workbook')
  @ApiOperation({
    summary: 'Read an uploaded .xlsx: its sheets and first rows, to choose the mapping',
    description:
      "Needs the BQ's write rights (costPlanAndLibrary.update or project.create) on a visible project of the chosen company. Body: the workbook (the xlsx content type or application/octet-stream). Nothing is recorded.",
  })
  preview(@Param('projectId') projectId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.excel.preview(request.principal!, projectId, fileBody(body, '.xlsx workbook'));
  }

  @Post('import')
  @RequireAccessRight(BQ_WRITE_RIGHTS)
  @ApiResponse({ status: 201, description: '{ success, written, revision, rows, tabs: [{ name, rows }] }' })
  @ApiResponse({
    status: 200,
    description:
      'dryRun=true: the same with preview (the tabs and rows an import would add); Accept: application/x-ndjson: progress lines then the result line',
  })
  @ApiRefusal(400, 'bqImportNotXlsx: not an .xlsx; bqMappingInvalid: the mapping (fields name each problem)')
  @ApiRefusal(413, 'fileTooLarge, bqImportTooLarge, bqImportTooManyRows')
  @ApiRefusal(422, 'bqImportSheetNotFound (sheets); bqImportRowsInvalid (errors: [{ sheet, row, column, field, code, value }], errorCount)')
  @ApiOperation({
    summary: 'Import a BQ from an .xlsx with a column mapping (dryRun: check only)',
    description:
      "Needs the BQ's write rights (costPlanAndLibrary.update or project.create) on a visible project of the chosen company. Query mapping=<JSON> (and dryRun=true to check without writing); with Accept: application/x-ndjson the reply streams progress lines and ends with the result. Every row is checked first: 422 bqImportRowsInvalid lists each error by sheet, row and column, and nothing is recorded.",
  })
  async import(
    @Param('projectId') projectId: string,
    @Query('mapping') mapping: unknown,
    @Query('dryRun') dryRun: unknown,
    @Headers('accept') accept: string | undefined,
    @Headers('x-file-name') fileName: string | undefined,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bytes = fileBody(body, '.xlsx workbook');
    const options = { dryRun: dryRun === 'true' || dryRun === '1', fileName: (fileName ?? 'import.xlsx').slice(0, 200) };
    if (!accept?.includes('application/x-ndjson')) {
      const result = await this.commands.execute(new ImportBqWorkbook(request.principal!, projectId, bytes, mapping, options));
      await reply.status(options.dryRun ? 200 : 201).send(result);
      return;
    }
    // Streamed: what can be refused at once is refused with its status before the first line.
    this.excel.checkMapping(mapping);
    await visibleProject(this.excel.db, request.principal!, projectId);
    if (!looksLikeZip(bytes)) throw notXlsx();
    reply.hijack();
    const raw = reply.raw;
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    raw.writeHead(200, { ...headers, 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
    const line = (value: unknown) => raw.write(`${JSON.stringify(value)}\n`);
    try {
      const result = await this.commands.execute(
        new ImportBqWorkbook(request.principal!, projectId, bytes, mapping, {
          ...options,
          onProgress: (p: ImportProgress) => line({ type: 'progress', ...p }),
        }),
      );
      line({ type: 'result', status: options.dryRun ? 200 : 201, body: result });
    } catch (error) {
      const { status, body: refused } = toErrorReply(error);
      line({ type: 'result', status, body: refused });
    }
    raw.end();
  }

  @Get('export')
  @RequireAccessRight(BQ_READ_RIGHTS)
  @ApiProduces(XLSX_TYPE)
  @ApiResponse({
    status: 200,
    description: 'The BQ as .xlsx: a Summary sheet, then a sheet per tab with the project heading, outline levels and amount formulas',
  })
  @ApiOperation({
    summary: "A project's BQ as an .xlsx workbook",
    description:
      "Reading needs project.view or project.viewAll and a visible project of the chosen company (another company's project is 404). Sent as an attachment named after the project code.",
  })
  async export(@Param('projectId') projectId: string, @Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): Promise<void> {
    const { fileName, bytes } = await this.excel.export(request.principal!, projectId);
    await reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  }
}
