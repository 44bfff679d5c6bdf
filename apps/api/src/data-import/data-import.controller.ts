// Data import routes. The .xlsx is the request body (Content-Type: the xlsx type or application/octet-stream,
// up to 50 MB, bills-of-quantity/import-export/binary-bodies.ts); the mapping travels in the query, as JSON.
//   POST /api/imports/<target>/preview           -> 200 { sheets (header row, first rows, proposed columns), fields, mapping }
//   POST /api/imports/<target>?mapping=<json>    -> 201 { recorded, ids }
//        with Accept: application/x-ndjson: 200, a JSON line per progress step, the last { type: 'result', status, body }
import { Body, Controller, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { toErrorReply } from '../common/error-reply.filter.js';
import type { AuthenticatedRequest } from '../common/principal.js';
import { fileBody } from '../bills-of-quantity/import-export/binary-bodies.js';
import { looksLikeZip } from '../bills-of-quantity/import-export/xlsx-reader.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ImportWorkbookRows } from './data-import.commands.js';
import { DataImportService } from './data-import.service.js';

@ApiTags('data-import')
@Controller('imports/:target')
export class DataImportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly imports: DataImportService,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiResponse({
    status: 200,
    description:
      '{ success, target, fields: [{ field, required }], sheets: [{ name, rowCount, headerRow, headers, rows, proposed }], mapping }',
  })
  @ApiRefusal(400, 'importNotXlsx: the body is not an .xlsx workbook')
  @ApiRefusal(404, 'importTargetUnknown: catalogue-items, users or machinery')
  @ApiOperation({
    summary: 'Read an uploaded .xlsx for an import: its sheets and first rows, to choose the mapping',
    description: 'The target is catalogue-items, users or machinery, each needing the right of the list it fills. Nothing is recorded.',
  })
  preview(@Param('target') target: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    this.imports.target(request.principal!, target);
    return this.imports.preview(request.principal!, target, fileBody(body, '.xlsx workbook'));
  }

  @Post()
  @ApiResponse({ status: 201, description: '{ success, target, recorded, ids }' })
  @ApiResponse({ status: 200, description: 'Accept: application/x-ndjson: progress lines, then { type: "result", status, body }' })
  @ApiRefusal(400, 'importNotXlsx; importMappingInvalid (fields name each problem)')
  @ApiRefusal(404, 'importTargetUnknown')
  @ApiRefusal(409, 'a row refused while recording (another change meanwhile): recorded, ids and row say how far it went')
  @ApiRefusal(413, 'fileTooLarge, importTooManyRows')
  @ApiRefusal(422, 'importRowsInvalid: errors [{ sheet, row, column, field, code, value }] and errorCount; nothing recorded')
  @ApiRefusal(503, 'mailDeliveryFailed: an invitation e-mail was refused (recorded, ids and row say how far it went)')
  @ApiOperation({
    summary: "Import an .xlsx into the company's catalogue items, users or machinery with a column mapping",
    description:
      'Needs the right of the list it fills. Every row is checked first (422 importRowsInvalid, nothing recorded); then each row is recorded through the command that records one by hand, so a refusal midway (409, or 503 for an invitation e-mail) says how far it went.',
  })
  async import(
    @Param('target') target: string,
    @Query('mapping') mapping: unknown,
    @Headers('accept') accept: string | undefined,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const principal = request.principal!;
    this.imports.checkMapping(principal, target, mapping);
    const bytes = fileBody(body, '.xlsx workbook');
    // Streamed only once what can be refused at once (the mapping, the target, a file that is no workbook) was.
    if (!accept?.includes('application/x-ndjson') || !looksLikeZip(bytes)) {
      await reply.status(201).send(await this.commands.execute(new ImportWorkbookRows(principal, target, bytes, mapping)));
      return;
    }
    reply.hijack();
    const raw = reply.raw;
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    raw.writeHead(200, { ...headers, 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
    const line = (value: unknown) => raw.write(`${JSON.stringify(value)}\n`);
    try {
      line({
        type: 'result',
        status: 201,
        body: await this.commands.execute(new ImportWorkbookRows(principal, target, bytes, mapping, (p) => line(p))),
      });
    } catch (error) {
      const { status, body: refused } = toErrorReply(error);
      line({ type: 'result', status, body: refused });
    }
    raw.end();
  }
}
