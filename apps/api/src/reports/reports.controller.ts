// The reports (base /api/reports): a company's buyer, seller and developer reports and the platform's.
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReportNames } from '@binaan/contracts';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';
import { Reports } from './reports.service.js';

@ApiTags('reports')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: Reports) {}

  @Get('key-figures')
  @ApiOperation({
    summary:
      "The home dashboard's key figures: the chosen company's spend, approval time, receivables or project costs over the last 30 days",
    description:
      'The reports its subscription type offers; each figure names its report and section. { from, to, figures: [{ report, section, key, kind, value }] }.',
  })
  @ApiRefusal(403, 'companyNotChosen; noAccessRight: without the reports right')
  keyFigures(@Req() request: AuthenticatedRequest) {
    return this.reports.keyFigures(request.principal!);
  }

  @Get(':report')
  @ApiOperation({
    summary:
      "A report: buyer, seller, developer (the chosen company's, with the reports right), platform or loginActivity (a platform administrator with the admin module's report right)",
    description:
      'Query: from, to (YYYY-MM-DD, Malaysian days; default the last 30 days; at most 60 days, loginActivity 7), projectId, counterpartyId, asOf (an ISO time: the report as the store stood then), format (json, csv with section, xlsx). JSON: { report, filters, asOf, drawnAt, sections: [{ key, columns, rows, chart, more }] }.',
  })
  @ApiPathValues('report', ReportNames, "The report: buyer, seller, developer (a company's), platform, loginActivity (the platform's)")
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiResponse({ status: 200, description: 'The report (JSON), or its CSV or .xlsx file (Content-Disposition: attachment)' })
  @ApiRefusal(
    400,
    'validationFailed: a date not YYYY-MM-DD, an id not a UUID, asOf not an ISO time, an unknown format, filter or section, a CSV without its section',
  )
  @ApiRefusal(
    403,
    "companyNotChosen; noAccessRight: without the reports right; adminRightMissing: the platform's reports without the admin module's report right",
  )
  @ApiRefusal(404, 'reportNotFound')
  @ApiRefusal(422, 'reportRangeTooLong: more than 60 days (loginActivity 7); reportRangeInverted; asOfInFuture')
  async report(
    @Param('report') report: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const drawn = await this.reports.draw(request.principal!, report, query);
    if ('reply' in drawn) return drawn.reply;
    const { file } = drawn;
    void reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store');
    return file.bytes;
  }
}
