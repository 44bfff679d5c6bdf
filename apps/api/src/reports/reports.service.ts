// Draws a report: the caller's right checked, the query parsed, each section drawn live or as of a past time.
import { Inject, Injectable } from '@nestjs/common';
import { CompanyReportNames, type ReportKeyFiguresReply, type ReportName, type ReportReply } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { keyFigures } from './key-figures.js';
import { exportFileName, reportWorkbook, sectionCsv } from './report-export.js';
import { parseReportRequest, reportNameOf } from './report-query.js';
import { REPORT_SECTIONS } from './report-sections.js';

export type ReportFile = { fileName: string; contentType: string; bytes: Buffer | string };

const isCompanyReport = (report: ReportName) => (CompanyReportNames as readonly string[]).includes(report);

@Injectable()
export class Reports {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The company a company report is drawn for, or null for the platform's (its right checked either way). */
  private async scope(principal: Principal, report: ReportName): Promise<string | null> {
    if (isCompanyReport(report)) return companyOf(principal, 'reports.view');
    await requireAdminRight(this.db, principal, 'admin.report');
    return null;
  }

  /** The dashboard's key figures of the chosen company over the last 30 days (nothing without the reports right). */
  async keyFigures(principal: Principal): Promise<ReportKeyFiguresReply> {
    const companyId = companyOf(principal, 'reports.view');
    const { query } = parseReportRequest('buyer', {}, companyId, this.now());
    const [company] = await this.db.query<{ subscription_type: number }>('SELECT subscription_type FROM companies WHERE company_id = $1', [
      companyId,
    ]);
    const figures = await keyFigures(company?.subscription_type ?? null, query, { db: this.db, store: this.store });
    return { from: query.from, to: query.to, figures };
  }

  async draw(principal: Principal, name: string, raw: Record<string, unknown>): Promise<{ reply: ReportReply } | { file: ReportFile }> {
    const report = reportNameOf(name);
    const companyId = await this.scope(principal, report);
    const { query, format, section } = parseReportRequest(report, raw, companyId, this.now());
    const sources = REPORT_SECTIONS[report];
    if (section !== null && !sources.some((source) => source.key === section)) {
      throw refusal(400, 'validationFailed', `The ${report} report has no section "${section}".`, {
        fields: { section: [`One of: ${sources.map((source) => source.key).join(', ')}.`] },
      });
    }
    const chosen = section === null ? sources : sources.filter((source) => source.key === section);
    const allRows = format !== 'json';
    const sections = [];
    for (const source of chosen) sections.push(await source.draw(query, { db: this.db, store: this.store }, { allRows }));
    const reply: ReportReply = {
      report,
      filters: { from: query.from, to: query.to, projectId: query.projectId, counterpartyId: query.counterpartyId },
      asOf: query.asOf?.toISOString() ?? null,
      drawnAt: query.now.toISOString(),
      sections,
    };
    if (format === 'csv')
      return {
        file: { fileName: exportFileName(reply, 'csv', section!), contentType: 'text/csv; charset=utf-8', bytes: sectionCsv(sections[0]!) },
      };
    if (format === 'xlsx')
      return { file: { fileName: exportFileName(reply, 'xlsx'), contentType: XLSX, bytes: await reportWorkbook(reply) } };
    return { reply };
  }
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
