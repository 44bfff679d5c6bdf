// The BQ's Excel import and export and its OCR scans over the API, on PGlite and PostgreSQL: given the demo
// projects (Kumar proposes, level 10 on billOfQuantity), a workbook imported with the preview's proposed
// mapping (a dry run giving the same tabs) lands in the project's BQ (read back: tabs, rows, amounts), a
// second import of a tab adds its rows after the tab's own, the BQ exported and the file imported into
// another project gives the same tabs and rows, every kind of bad input refused with a 4xx and its code (not
// an xlsx, too large, a wrong mapping, rows breaking the rules by row and column), progress streamed as
// NDJSON, and a page rendered by the test scanned, reviewed, corrected and imported into the BQ; a phone or
// tablet refused the scan.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { BqImportTab } from '@binaan/contracts';
import { writeBqWorkbook } from '../../../apps/api/src/bills-of-quantity/import-export/bq-workbook-writer.js';
import { BqScanService } from '../../../apps/api/src/bills-of-quantity/scan/bq-scan.service.js';
import { renderBqPdf } from '../../support/bq-scan-page.js';
import { grantCompanyRole, itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const TABS: BqImportTab[] = [
  {
    name: 'Preliminaries',
    rows: [
      { level: 1, type: 'header', title: 'A', description: 'General items', unit: null, quantity: null, rate: null },
      { level: 2, type: 'item', title: 'A1', description: 'Insurance of the works', unit: 'sum', quantity: '1.000', rate: '5000.00' },
    ],
  },
  {
    name: 'Substructure',
    rows: [
      { level: 1, type: 'header', title: 'B', description: 'Excavation', unit: null, quantity: null, rate: null },
      { level: 2, type: 'header', title: 'B1', description: 'Bulk', unit: null, quantity: null, rate: null },
      { level: 3, type: 'item', title: 'B1.1', description: 'Excavate to reduce levels', unit: 'm3', quantity: '120.500', rate: '12.50' },
      { level: 1, type: 'item', title: 'C', description: 'Hardcore', unit: 'm2', quantity: '300.000', rate: '9.20' },
    ],
  },
];
/** A reply body as supertest gives it (loosely typed, as in the other api e2e suites). */
type Body = request.Response['body'];
type BqView = {
  revision: number;
  amount: string;
  tabs: { id: string; name: string; order: number; amount: string }[];
  nodes: {
    id: string;
    tabId: string;
    parentId: string | null;
    type: string;
    title: string;
    description: string | null;
    unit: string | null;
    quantity: string | null;
    rate: string | null;
    amount: string;
  }[];
};
/** A BQ read back as its tabs (in order), each row `depth type title description unit quantity rate amount` in tree order. */
function tabsOf(view: BqView): { name: string; amount: string; rows: string[] }[] {
  const depth = new Map<string, number>();
  for (const node of view.nodes) depth.set(node.id, node.parentId === null ? 1 : depth.get(node.parentId)! + 1);
  return [...view.tabs]
    .sort((a, b) => a.order - b.order)
    .map((tab) => ({
      name: tab.name,
      amount: tab.amount,
      rows: view.nodes
        .filter((n) => n.tabId === tab.id)
        .map((n) => [depth.get(n.id), n.type, n.title, n.description, n.unit ?? '-', n.quantity ?? '-', n.rate ?? '-', n.amount].join(' ')),
    }));
}
const IMPORTED = [
  {
    name: 'Preliminaries',
    amount: '5000.00',
    rows: ['1 header A General items - - - 5000.00', '2 item A1 Insurance of the works sum 1.000 5000.00 5000.00'],
  },
  {
    name: 'Substructure',
    amount: '4266.25',
    rows: [
      '1 header B Excavation - - - 1506.25',
      '2 header B1 Bulk - - - 1506.25',
      '3 item B1.1 Excavate to reduce levels m3 120.500 12.50 1506.25',
      '1 item C Hardcore m2 300.000 9.20 2760.00',
    ],
  },
];
const HEADING = { projectName: 'Any', projectCode: 'X', companyName: null };

describe.each(FEATURE_STORES)('BQ Excel import/export and scans on %s', (kind) => {
  let running: AuthorityRunning;
  let kumar: string, lim: string, mei: string, projectId: string, otherProjectId: string;
  let file: Buffer;

  /** A file body to a path (recorded with the JSON calls, for the no-500 check). */
  async function upload(path: string, token: string, body: Buffer | string, type: string, headers: Record<string, string> = {}) {
    let req = request(running.app.getHttpServer())
      .post(path)
      .set('authorization', `Bearer ${token}`)
      .set('content-type', type)
      .set('user-agent', DESKTOP);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const response = await req
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => done(null, text));
      })
      .send(body);
    const text = response.body as string;
    running.api.replies.push({ call: `POST ${path}`, status: response.status, text });
    const json = (() => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return null;
      }
    })();
    return { status: response.status, text, body: json as Body, headers: response.headers };
  }
  const importPath = (mapping: unknown, extra = '', project = projectId) =>
    `/api/bill-of-quantity/${project}/import?mapping=${encodeURIComponent(typeof mapping === 'string' ? mapping : JSON.stringify(mapping))}${extra}`;
  const readBq = async (project = projectId) => {
    const reply = await running.api.call('get', `/api/bill-of-quantity/${project}`, { token: kumar });
    expect(reply.status).toBe(200);
    return reply.body as BqView;
  };
  /** The project's BQ exported (the .xlsx bytes). */
  async function exported(project = projectId, token = kumar) {
    return request(running.app.getHttpServer())
      .get(`/api/bill-of-quantity/${project}/export`)
      .set('authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  }

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    let aminah: string;
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const list = await running.api.call('get', '/api/project-list-by-user', { token: kumar });
    const projects = list.body as { project: { id: string; project_code: string } }[];
    projectId = projects.find((p) => p.project.project_code === 'TB-MT-A')!.project.id;
    otherProjectId = projects.find((p) => p.project.project_code === 'TB-TSK-2')!.project.id;
    // Writing a BQ needs CreatePropose (level 10) on billOfQuantity in the project, as the editor does.
    for (const project of [projectId, otherProjectId]) {
      const given = await running.api.call('post', `/api/projects/${project}/assignments`, {
        token: aminah,
        body: { code: 'billOfQuantity', user_id: running.userId('kumar@teguhbina.my'), workflow_level: 10 },
      });
      expect(given.status).toBe(200);
    }
    file = await writeBqWorkbook(HEADING, TABS);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('previews a workbook: sheets, first rows, and a mapping that fits it', async () => {
    const reply = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, kumar, file, XLSX);
    expect(reply.status).toBe(200);
    expect(reply.body.sheets.map((s: { name: string; proposed: unknown }) => [s.name, s.proposed !== null])).toEqual([
      ['Summary', false],
      ['Preliminaries', true],
      ['Substructure', true],
    ]);
    expect(reply.body.mapping.sheets[1]).toEqual({
      sheet: 'Substructure',
      tab: 'Substructure',
      headerRow: 5,
      levels: 'column',
      columns: { level: 'A', type: 'B', title: 'C', description: 'D', unit: 'E', quantity: 'F', rate: 'G' },
    });
    expect(reply.body.sheets[2].rows[4]).toEqual({
      row: 6,
      outlineLevel: 0,
      cells: [1, 'Header', 'B', 'Excavation', null, null, null, 1506.25],
    });
    expect(reply.body.sheets[2].rows[2].cells.slice(6, 8)).toEqual(['Total', 4266.25]);
  });

  it('imports with the mapping: a dry run gives back the exported tabs; the import writes them into the BQ', async () => {
    expect(await readBq()).toMatchObject({ revision: -1, tabs: [] });
    const { body: preview } = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, kumar, file, XLSX);
    const dry = await upload(importPath(preview.mapping, '&dryRun=true'), kumar, file, 'application/octet-stream');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      success: true,
      written: false,
      rows: 6,
      tabs: [
        { name: 'Preliminaries', rows: 2 },
        { name: 'Substructure', rows: 4 },
      ],
    });
    expect(dry.body.preview).toEqual(TABS);
    const done = await upload(importPath(preview.mapping), kumar, file, XLSX, { 'x-file-name': 'bq.xlsx' });
    expect(done.status).toBe(201);
    // The first tab starts the BQ (BqStarted, the machine's Create, the tab: 0-2), then the rows (3); the second tab and its rows (4, 5).
    expect(done.body).toMatchObject({ success: true, written: true, revision: 5, rows: 6 });
    const bq = await readBq();
    expect([bq.revision, bq.amount]).toEqual([5, '9266.25']);
    expect(tabsOf(bq)).toEqual(IMPORTED);
    const events = (await running.api.call('get', `/api/bill-of-quantity/${projectId}/changes?since=-1`, { token: kumar })).body
      .changes as { type: string; userId: string }[];
    expect(events.map((e) => e.type)).toEqual([
      'BqStarted',
      'WorkflowStatusChanged',
      'BqTabAdded',
      'BqNodesImported',
      'BqTabAdded',
      'BqNodesImported',
    ]);
    expect(new Set(events.map((e) => e.userId))).toEqual(new Set([running.userId('kumar@teguhbina.my')]));
  });

  it('refuses bad input with a 4xx and its code, never a 500', async () => {
    const mapping = {
      sheets: [{ sheet: 'Substructure', headerRow: 5, levels: 'column', columns: { level: 'A', title: 'C', quantity: 'F', rate: 'G' } }],
    };
    const csv = await upload(importPath(mapping), kumar, Buffer.from('Level,Title\n1,A\n'), XLSX);
    expect([csv.status, csv.body.errorCode]).toEqual([400, 'bqImportNotXlsx']);
    const docx = await upload(importPath(mapping), kumar, Buffer.from(`504b0304${'00'.repeat(80)}`, 'hex'), XLSX);
    expect([docx.status, docx.body.errorCode]).toEqual([400, 'bqImportNotXlsx']);
    const notJson = await upload(importPath('{sheets:'), kumar, file, XLSX);
    expect([notJson.status, notJson.body.errorCode]).toEqual([400, 'bqMappingInvalid']);
    const wrong = await upload(
      importPath({ sheets: [{ sheet: 'Substructure', levels: 'column', columns: { title: 'C', rate: 'C' } }] }),
      kumar,
      file,
      XLSX,
    );
    expect([wrong.status, wrong.body.errorCode, wrong.body.fields]).toEqual([
      400,
      'bqMappingInvalid',
      { 'sheets[0].columns.rate': ['bqMappingColumnRepeated'], 'sheets[0].columns.level': ['bqMappingLevelColumnMissing'] },
    ]);
    const missing = await upload(importPath({ sheets: [{ ...mapping.sheets[0], sheet: 'Bill 9' }] }), kumar, file, XLSX);
    expect([missing.status, missing.body.errorCode, missing.body.sheets]).toEqual([422, 'bqImportSheetNotFound', ['Bill 9']]);
    // The description mapped as the quantity: each row's text is an error on its row, in column D.
    const shifted = await upload(
      importPath({
        sheets: [{ sheet: 'Substructure', headerRow: 5, levels: 'column', columns: { level: 'A', title: 'C', quantity: 'D' } }],
      }),
      kumar,
      file,
      XLSX,
    );
    expect([shifted.status, shifted.body.errorCode, shifted.body.errorCount]).toEqual([422, 'bqImportRowsInvalid', 4]);
    expect(shifted.body.errors[0]).toEqual({
      sheet: 'Substructure',
      row: 6,
      column: 'D',
      field: 'quantity',
      code: 'bqImportQuantityInvalid',
      value: 'Excavation',
    });
    const tooBig = await upload(importPath(mapping), kumar, Buffer.alloc(50 * 1024 * 1024 + 1, 1), XLSX);
    expect([tooBig.status, tooBig.body.errorCode]).toEqual([413, 'fileTooLarge']);
    const json = await running.api.call('post', importPath(mapping), { token: kumar, body: { rows: [] } });
    expect([json.status, json.body.errorCode]).toEqual([415, 'fileExpected']);
    const elsewhere = await upload('/api/projects', kumar, file, XLSX);
    expect([elsewhere.status, elsewhere.body.errorCode]).toEqual([415, 'unsupportedMediaType']);
    // Nothing refused was written.
    expect((await readBq()).revision).toBe(5);
  }, 60_000);

  it('needs the cost plan or project management right, and a project of the company', async () => {
    const noRight = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, lim, file, XLSX);
    expect([noRight.status, noRight.body.errorCode]).toEqual([403, 'noAccessRight']);
    const withoutRight = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, mei, file, XLSX);
    expect([withoutRight.status, withoutRight.body.errorCode]).toEqual([403, 'noAccessRight']);
    // Given the right in her own company, another company's project is still not there for her.
    const undo = await grantCompanyRole(running, MUTIARA, 'mei@mutiarasupplies.my', {
      roleId: 'estimator',
      name: 'Estimator',
      accessRights: ['costPlanAndLibrary.view', 'costPlanAndLibrary.update'],
    });
    const other = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, mei, file, XLSX);
    expect([other.status, other.body.errorCode]).toEqual([404, 'projectNotFound']);
    const otherExport = await running.api.call('get', `/api/bill-of-quantity/${projectId}/export`, { token: mei });
    expect([otherExport.status, otherExport.body.errorCode]).toEqual([404, 'projectNotFound']);
    await undo();
    const unknown = await upload('/api/bill-of-quantity/00000000-0000-4000-8000-000000000000/import/preview', kumar, file, XLSX);
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'projectNotFound']);
  });

  it('streams progress as NDJSON, the last line the result with its status', async () => {
    const { body: preview } = await upload(`/api/bill-of-quantity/${projectId}/import/preview`, kumar, file, XLSX);
    const streamed = await upload(importPath(preview.mapping), kumar, file, XLSX, { accept: 'application/x-ndjson' });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = streamed.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'progress', phase: 'reading', rows: 0, totalRows: null });
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.phase)).toEqual(
      expect.arrayContaining(['reading', 'checking', 'writing']),
    );
    expect(lines.at(-1)).toMatchObject({ type: 'result', status: 201, body: { success: true, written: true, revision: 7, rows: 6 } });
    // The tabs exist (regardless of case): their new rows come after their own, one import event each.
    const bq = await readBq();
    expect([bq.revision, bq.amount, bq.tabs.length]).toEqual([7, '18532.50', 2]);
    expect(tabsOf(bq)).toEqual(
      IMPORTED.map((tab) => ({ name: tab.name, amount: (Number(tab.amount) * 2).toFixed(2), rows: [...tab.rows, ...tab.rows] })),
    );
    const bad = await upload(
      importPath({
        sheets: [{ sheet: 'Substructure', headerRow: 5, levels: 'column', columns: { level: 'A', title: 'C', quantity: 'D' } }],
      }),
      kumar,
      file,
      XLSX,
      { accept: 'application/x-ndjson' },
    );
    expect(
      bad.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .at(-1),
    ).toMatchObject({ type: 'result', status: 422, body: { errorCode: 'bqImportRowsInvalid', errorCount: 4 } });
    const refusedAtOnce = await upload(importPath('[]'), kumar, file, XLSX, { accept: 'application/x-ndjson' });
    expect([refusedAtOnce.status, refusedAtOnce.body.errorCode]).toEqual([400, 'bqMappingInvalid']);
  });

  it('exports a project without a BQ as its Summary only', async () => {
    const reply = await exported(otherProjectId);
    expect(reply.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.body as never);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary']);
  });

  it('exports the project BQ as .xlsx with the project heading, a Summary sheet and a sheet per tab', async () => {
    const reply = await exported();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(XLSX);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="TB-MT-A-bill-of-quantity.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.body as never);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Preliminaries', 'Substructure']);
    expect(workbook.worksheets[0]!.getCell('A1').value).toBe('Menara Teguh, Block A');
    expect(workbook.worksheets[0]!.getCell('A2').text).toMatch(/^TB-MT-A · Teguh Bina/);
    const noRight = await running.api.call('get', `/api/bill-of-quantity/${projectId}/export`, { token: lim });
    expect([noRight.status, noRight.body.errorCode]).toEqual([403, 'noAccessRight']);
  });

  it('round trip: the exported BQ imported into another project gives the same tabs and rows', async () => {
    const { body: bytes } = await exported();
    const { body: preview } = await upload(`/api/bill-of-quantity/${otherProjectId}/import/preview`, kumar, bytes as Buffer, XLSX);
    expect(preview.mapping.sheets.map((s: { tab: string }) => s.tab)).toEqual(['Preliminaries', 'Substructure']);
    const done = await upload(importPath(preview.mapping, '', otherProjectId), kumar, bytes as Buffer, XLSX, {
      'x-file-name': 'TB-MT-A-bill-of-quantity.xlsx',
    });
    expect(done.body).toMatchObject({ success: true, written: true, rows: 12 });
    const [from, to] = [await readBq(), await readBq(otherProjectId)];
    expect(tabsOf(to)).toEqual(tabsOf(from));
    expect(to.amount).toBe(from.amount);
    // The BQ's own refusals come through with their status and code: sent for approval, it takes no rows.
    const requested = await running.api.call('post', `/api/bill-of-quantity/${otherProjectId}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': String(to.revision) },
    });
    expect(requested.status).toBe(200);
    const locked = await upload(importPath(preview.mapping, '', otherProjectId), kumar, bytes as Buffer, XLSX);
    expect([locked.status, locked.body.errorCode]).toEqual([409, 'bqNotEditable']);
    expect((await readBq(otherProjectId)).revision).toBe(requested.body.revision);
  });

  describe('OCR scans', () => {
    let scanId: string;
    const scans = () => `/api/project/${projectId}/bill-of-quantity-scans`;

    it('reads a scanned page the test renders into rows pending review', async () => {
      const pdf = await renderBqPdf();
      const reply = await upload(scans(), kumar, pdf, 'application/pdf', { 'x-file-name': 'bill-2.pdf' });
      expect(reply.status).toBe(202);
      expect(reply.body).toMatchObject({ success: true, status: 'reading', revision: 0 });
      scanId = reply.body.id as string;
      await running.app.get(BqScanService).settled();
      const scan = await running.api.call('get', `${scans()}/${scanId}`, { token: kumar });
      expect(scan.status).toBe(200);
      expect(scan.headers.etag).toBe('1');
      expect(scan.body).toMatchObject({ status: 'pendingReview', pages: 1, fileName: 'bill-2.pdf', mediaType: 'application/pdf' });
      const rows = (scan.body.rows as Record<string, unknown>[]).map((r) => [
        r.level,
        r.type,
        r.title,
        r.description,
        r.unit,
        r.quantity,
        r.rate,
      ]);
      expect(rows).toEqual([
        [1, 'header', '', 'EXCAVATION AND EARTHWORK', null, null, null],
        [2, 'item', 'A1', 'Excavate over site to reduce levels', 'm3', '120.000', '12.50'],
        [2, 'item', 'A2', 'Excavate trenches not exceeding 1.5m deep', 'm3', '45.500', '18.00'],
        [2, 'item', 'A3', 'Hardcore filling 150mm thick', 'm2', '300.000', '9.20'],
        [1, 'header', '', 'CONCRETE WORK', null, null, null],
        [2, 'item', 'B1', 'Lean concrete blinding 50mm thick', 'm2', '280.000', '14.75'],
        [2, 'item', 'B2', 'Reinforced concrete grade 30 in footings', 'm3', '36.250', '310.00'],
      ]);
      const list = await running.api.call(
        'get',
        `/api/project/${projectId}/bill-of-quantity-scan-list?filter=${encodeURIComponent('{"status":"pendingReview"}')}`,
        { token: kumar },
      );
      expect(list.headers['content-range']).toBe('bq-scans 0-0/1');
      expect(list.body).toEqual([
        expect.objectContaining({ id: scanId, status: 'pendingReview', rows: 7, rowsWithProblems: 0, fileName: 'bill-2.pdf' }),
      ]);
    }, 120_000);

    it('refuses a scan from a phone or tablet (spec: computer only), and a file that is no image or PDF', async () => {
      const pdf = await renderBqPdf();
      const devices: Record<string, string>[] = [
        { 'user-agent': PHONE },
        { 'sec-ch-ua-mobile': '?1' },
        { 'x-binaan-device': 'tablet' },
        { 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' },
      ];
      for (const headers of devices) {
        const refused = await upload(scans(), kumar, pdf, 'application/pdf', headers);
        expect([refused.status, refused.body.errorCode]).toEqual([403, 'bqScanComputerOnly']);
      }
      const text = await upload(scans(), kumar, Buffer.from('not a scan'), 'image/png');
      expect([text.status, text.body.errorCode]).toEqual([415, 'bqScanFileType']);
      const list = await running.api.call('get', `/api/project/${projectId}/bill-of-quantity-scan-list`, { token: kumar });
      expect(list.body).toHaveLength(1);
    });

    it('review: a corrected row is checked again, rows with problems do not enter the BQ, then they do', async () => {
      const { body: scan } = await running.api.call('get', `${scans()}/${scanId}`, { token: kumar });
      const rows = (scan.rows as Record<string, unknown>[]).map((r) => ({ ...r }));
      rows[1]!.quantity = '12O.5x';
      const edited = await running.api.call('put', `${scans()}/${scanId}/rows`, {
        token: kumar,
        body: { rows },
        headers: { 'If-Match': '1' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.rows[1].problems).toEqual([{ field: 'quantity', code: 'bqScanQuantityUnreadable' }]);
      const stale = await running.api.call('put', `${scans()}/${scanId}/rows`, {
        token: kumar,
        body: { rows },
        headers: { 'If-Match': '1' },
      });
      expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
      const shapeless = await running.api.call('put', `${scans()}/${scanId}/rows`, {
        token: kumar,
        body: { rows: [{ level: 0, type: 'row' }] },
      });
      expect([shapeless.status, Object.keys(shapeless.body.fields)]).toEqual([400, ['rows[0].level', 'rows[0].type']]);
      const blocked = await running.api.call('post', `${scans()}/${scanId}/actions/Import`, {
        token: kumar,
        body: { tab: 'Substructure' },
        headers: { 'If-Match': '2' },
      });
      expect([blocked.status, blocked.body.errorCode, blocked.body.rows]).toEqual([
        422,
        'bqScanRowsHaveProblems',
        [{ index: 1, problems: [{ field: 'quantity', code: 'bqScanQuantityUnreadable' }] }],
      ]);
      rows[1]!.quantity = '120.5';
      const fixed = await running.api.call('put', `${scans()}/${scanId}/rows`, {
        token: kumar,
        body: { rows },
        headers: { 'If-Match': '2' },
      });
      expect(fixed.body.rows[1]).toMatchObject({ quantity: '120.500', problems: [{ field: 'amount', code: 'bqScanAmountMismatch' }] });
      rows[1]!.amount = '1506.25';
      expect(
        (await running.api.call('put', `${scans()}/${scanId}/rows`, { token: kumar, body: { rows }, headers: { 'If-Match': '3' } })).body
          .rows[1].problems,
      ).toEqual([]);
      const noTab = await running.api.call('post', `${scans()}/${scanId}/actions/Import`, { token: kumar, body: {} });
      expect([noTab.status, noTab.body.fields]).toEqual([400, { tab: ['bqScanTabRequired'] }]);
      const before = await readBq();
      const imported = await running.api.call('post', `${scans()}/${scanId}/actions/Import`, {
        token: kumar,
        body: { tab: 'Bill 2' },
        headers: { 'If-Match': '4' },
      });
      // A new tab (addTab, then the rows in one import event).
      expect(imported.body).toMatchObject({
        success: true,
        status: 'imported',
        revision: 5,
        written: true,
        bqRevision: before.revision + 2,
      });
      const after = await readBq();
      expect(after.revision).toBe(imported.body.bqRevision);
      expect(tabsOf(after)).toEqual([
        ...tabsOf(before),
        {
          name: 'Bill 2',
          amount: '20452.75',
          rows: [
            '1 header  EXCAVATION AND EARTHWORK - - - 5085.25',
            '2 item A1 Excavate over site to reduce levels m3 120.500 12.50 1506.25',
            '2 item A2 Excavate trenches not exceeding 1.5m deep m3 45.500 18.00 819.00',
            '2 item A3 Hardcore filling 150mm thick m2 300.000 9.20 2760.00',
            '1 header  CONCRETE WORK - - - 15367.50',
            '2 item B1 Lean concrete blinding 50mm thick m2 280.000 14.75 4130.00',
            '2 item B2 Reinforced concrete grade 30 in footings m3 36.250 310.00 11237.50',
          ],
        },
      ]);
      expect(after.amount).toBe((Number(before.amount) + 20452.75).toFixed(2));
      const again = await running.api.call('post', `${scans()}/${scanId}/actions/Discard`, { token: kumar, body: {} });
      expect([again.status, again.body.errorCode]).toEqual([409, 'bqScanNotInReview']);
      const history = (await running.api.call('get', `${scans()}/${scanId}`, { token: kumar })).body.history as {
        type: string;
        by: string;
      }[];
      expect(history.map((h) => [h.type, h.by])).toEqual([
        ['BqScanUploaded', 'user'],
        ['BqScanRead', 'ocr'],
        ['BqScanRowsEdited', 'user'],
        ['BqScanRowsEdited', 'user'],
        ['BqScanRowsEdited', 'user'],
        ['BqScanImported', 'user'],
      ]);
      expect((await running.api.call('get', `${scans()}/00000000-0000-4000-8000-000000000000`, { token: kumar })).body.errorCode).toBe(
        'bqScanNotFound',
      );
      expect((await running.api.call('post', `${scans()}/${scanId}/actions/Approve`, { token: kumar, body: {} })).status).toBe(404);
    }, 60_000);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
