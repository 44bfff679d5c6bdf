// BQ scans: upload (computer only, PNG/JPEG/PDF by their bytes), OCR in the background (one page set at a
// time per process, tesseract in child processes: the event loop stays free), the scan list, review of the
// rows, and their import into the BQ through BQ_BOOK. Each change is an event on the scan's stream.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore, JsonValue, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import { listFilter } from '../../common/list-query.js';
import { pageRange } from '../../common/page-range.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { BQ_BOOK, type BqBook } from '../import-export/bq-book.port.js';
import { visibleProject } from '../import-export/project-access.js';
import { BQ_SCAN_STREAM_TYPE, BqScanStatuses, bqScanStream, foldScan, type BqScanEvent, type BqScanState } from './bq-scan.events.js';
import { importRows, parseScanRows } from './bq-scan-rows.js';
import { deviceOf } from './device.js';
import { ocrScan, SCAN_MEDIA_TYPES, scanKind, ScanUnreadable } from './tesseract.js';
import { isUuid } from '../../common/uuid.js';
import { iso } from '../../common/iso.js';

type Headers = Record<string, string | string[] | undefined>;
/** Scans counted for a list's total at most (then the reply says so: X-Total-Capped). */
export const LIST_TOTAL_CAP = 1000;

/** `bill-of-quantity-scans/{scanId}/actions/{event}`. */
export const BQ_SCAN_ACTIONS = ['Import', 'Discard'] as const;

@Injectable()
export class BqScanService implements OnApplicationShutdown {
  private readonly logger = new Logger('bq-scans');
  /** OCR runs one scan at a time per process (tesseract takes a core); the others queue behind it. */
  private ocrQueue: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(BQ_BOOK) private readonly book: BqBook,
  ) {}

  async upload(principal: Principal, projectId: string, bytes: Buffer, headers: Headers) {
    const project = await visibleProject(this.db, principal, projectId);
    const device = deviceOf(headers);
    if (device !== 'computer') throw refusal(403, 'bqScanComputerOnly', 'OCR scanning is allowed on a computer only.', { device });
    const kind = scanKind(bytes);
    if (!kind) throw refusal(415, 'bqScanFileType', 'Send a scanned page as PNG, JPEG or PDF.');
    const scanId = randomUUID();
    const name = String(headers['x-file-name'] ?? '').trim();
    const fileName = (name ? decodeURIComponent(name) : `scan.${kind}`).slice(0, 200);
    await this.append(principal, scanId, 'no_stream', {
      type: 'BqScanUploaded',
      data: { projectId, companyId: project.companyId, fileName, mediaType: SCAN_MEDIA_TYPES[kind], size: bytes.length, device },
    });
    this.ocrQueue = this.ocrQueue.then(() => this.read(principal, scanId, bytes, kind));
    return { success: true as const, id: scanId, status: 'reading' as const, revision: 0 };
  }

  /** Waits for the OCR queued so far (tests; shutdown). */
  settled(): Promise<void> {
    return this.ocrQueue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.ocrQueue;
  }

  private async read(principal: Principal, scanId: string, bytes: Buffer, kind: NonNullable<ReturnType<typeof scanKind>>): Promise<void> {
    let event: BqScanEvent;
    try {
      const { pages, rows } = await ocrScan(bytes, kind);
      event =
        rows.length > 0
          ? { type: 'BqScanRead', data: { pages, rows } }
          : { type: 'BqScanFailed', data: { reason: 'No text was found on the page.' } };
    } catch (error) {
      event = { type: 'BqScanFailed', data: { reason: error instanceof ScanUnreadable ? error.message : 'The scan could not be read.' } };
      if (!(error instanceof ScanUnreadable)) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    try {
      await this.append(principal, scanId, 0, event, { by: 'ocr' });
    } catch (error) {
      this.logger.error(`scan ${scanId}: the OCR result could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async list(principal: Principal, projectId: string, query: Record<string, unknown>) {
    await visibleProject(this.db, principal, projectId);
    const range = pageRange(query.range);
    let status: string | null = null;
    if (query.filter !== undefined) {
      const filter = listFilter(query.filter);
      const unknown = Object.keys(filter).filter((k) => k !== 'status');
      if (unknown.length > 0 || (filter.status !== undefined && !BqScanStatuses.includes(filter.status as never))) {
        throw refusal(400, 'validationFailed', 'Filter by status only (reading, pendingReview, imported, failed, discarded).', {
          fields: { filter: ['validationFailed'] },
        });
      }
      status = (filter.status as string | undefined) ?? null;
    }
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT scan_id, file_name, media_type, status, pages, row_count, problem_count, imported_to, uploaded_by, uploaded_at, updated_at, revision
       FROM bq_scans WHERE project_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY uploaded_at DESC, scan_id DESC LIMIT ${range.limit} OFFSET ${range.from}`,
      [projectId, status],
    );
    // The total is counted up to LIST_TOTAL_CAP rows of the index, never the whole history.
    const [count] = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM bq_scans WHERE project_id = $1 AND ($2::text IS NULL OR status = $2) LIMIT ${LIST_TOTAL_CAP}) capped`,
      [projectId, status],
    );
    const total = Number(count?.n ?? 0);
    return {
      range,
      total,
      capped: total >= LIST_TOTAL_CAP,
      rows: rows.map((r) => ({
        id: r.scan_id,
        fileName: r.file_name,
        mediaType: r.media_type,
        status: r.status,
        pages: Number(r.pages),
        rows: Number(r.row_count),
        rowsWithProblems: Number(r.problem_count),
        importedTo: r.imported_to,
        uploadedBy: r.uploaded_by,
        uploadedAt: iso(r.uploaded_at as Date | string),
        updatedAt: iso(r.updated_at as Date | string),
        revision: Number(r.revision),
      })),
    };
  }

  async detail(principal: Principal, projectId: string, scanId: string) {
    const { state, events } = await this.load(principal, projectId, scanId);
    return {
      id: scanId,
      projectId,
      fileName: state.fileName,
      mediaType: state.mediaType,
      status: state.status,
      pages: state.pages,
      failure: state.failure,
      importedTo: state.importedTo,
      rows: state.rows,
      revision: events[events.length - 1]!.revision,
      history: events.map((e) => ({
        type: e.type,
        at: e.metadata.recordedAt,
        userId: e.metadata.actorUserId ?? null,
        by: e.metadata.by ?? 'user',
        revision: e.revision,
      })),
    };
  }

  async editRows(principal: Principal, projectId: string, scanId: string, body: unknown, ifMatch: string | undefined) {
    const { state, revision } = await this.current(principal, projectId, scanId, ifMatch);
    if (state.status !== 'pendingReview')
      throw refusal(409, 'bqScanNotInReview', `The scan is ${state.status}: only a scan pending review can be edited.`);
    const parsed = parseScanRows(body);
    if ('fields' in parsed) throw refusal(400, 'validationFailed', 'Some rows are not valid: see fields.', { fields: parsed.fields });
    const next = await this.append(principal, scanId, revision, { type: 'BqScanRowsEdited', data: { rows: parsed.rows } });
    return { success: true as const, revision: next, rows: parsed.rows };
  }

  async act(principal: Principal, projectId: string, scanId: string, event: string, body: unknown, ifMatch: string | undefined) {
    if (!(BQ_SCAN_ACTIONS as readonly string[]).includes(event))
      throw refusal(404, 'notFound', 'A scan takes the actions Import and Discard.');
    const { state, revision } = await this.current(principal, projectId, scanId, ifMatch);
    const given = (body ?? {}) as Record<string, unknown>;
    if (event === 'Discard') {
      if (state.status !== 'pendingReview' && state.status !== 'failed')
        throw refusal(409, 'bqScanNotInReview', `The scan is ${state.status}: it cannot be discarded.`);
      const remark = typeof given.remark === 'string' ? given.remark.trim().slice(0, 1000) || null : null;
      const next = await this.append(principal, scanId, revision, { type: 'BqScanDiscarded', data: { remark } });
      return { success: true as const, id: scanId, status: 'discarded' as const, revision: next };
    }
    if (state.status !== 'pendingReview')
      throw refusal(409, 'bqScanNotInReview', `The scan is ${state.status}: only a scan pending review can be imported.`);
    const tab = typeof given.tab === 'string' ? given.tab.trim() : '';
    if (tab === '' || tab.length > 100)
      throw refusal(400, 'validationFailed', 'Name the BQ tab the rows go to (at most 100 characters).', {
        fields: { tab: ['bqScanTabRequired'] },
      });
    const withProblems = state.rows.flatMap((row, index) => (row.problems.length > 0 ? [{ index, problems: row.problems }] : []));
    if (state.rows.length === 0) throw refusal(422, 'bqScanNoRows', 'The scan has no rows to import.');
    if (withProblems.length > 0)
      throw refusal(422, 'bqScanRowsHaveProblems', `${withProblems.length} row(s) need correcting before the rows enter the BQ.`, {
        rows: withProblems,
      });
    const result = await this.book.append(principal, projectId, [{ name: tab, rows: importRows(state.rows) }], { kind: 'scan', scanId });
    const next = await this.append(principal, scanId, revision, {
      type: 'BqScanImported',
      data: { tab, rows: state.rows.length, result: { written: result.written, revision: result.revision } },
    });
    return {
      success: true as const,
      id: scanId,
      status: 'imported' as const,
      revision: next,
      written: result.written,
      bqRevision: result.revision,
    };
  }

  private async current(principal: Principal, projectId: string, scanId: string, ifMatch: string | undefined) {
    const { state, events } = await this.load(principal, projectId, scanId);
    const revision = events[events.length - 1]!.revision;
    if (ifMatch !== undefined && ifMatch.replace(/^W\//, '').replace(/"/g, '') !== String(revision)) {
      throw refusal(409, 'wrongExpectedRevision', `The scan changed: it is at revision ${revision}. Read it again.`);
    }
    return { state, revision };
  }

  private async load(principal: Principal, projectId: string, scanId: string): Promise<{ state: BqScanState; events: StoredEvent[] }> {
    await visibleProject(this.db, principal, projectId);
    const events = isUuid(scanId.toLowerCase()) ? await this.store.readStream(bqScanStream(scanId)) : [];
    const state = foldScan(events);
    if (!state || state.projectId !== projectId) throw refusal(404, 'bqScanNotFound', 'No such scan in this project.');
    return { state, events };
  }

  private async append(
    principal: Principal,
    scanId: string,
    expected: number | 'no_stream',
    event: BqScanEvent,
    extra: Record<string, string> = {},
  ): Promise<number> {
    const result = await this.store.append({
      streamId: bqScanStream(scanId),
      streamType: BQ_SCAN_STREAM_TYPE,
      expectedRevision: expected,
      events: [
        {
          type: event.type,
          data: event.data as unknown as JsonValue,
          metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId, ...extra },
        },
      ],
    });
    return result.nextExpectedRevision;
  }
}
