// Data import by .xlsx through the API, given the demo data: Aminah (Teguh Bina's administrator) previews a
// workbook (sheets, the header row found under a title, a proposed column per field), then imports catalogue
// items and users. A file with any bad row records nothing and names each problem by sheet, row and column;
// a good one records every row through the same command as one added by hand, with progress streamed on ask.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, startDocumentsApp, TEGUH, type Running } from '../documents/harness.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Body = Record<string, unknown> & { errorCode?: string; errors?: { sheet: string; row: number; column: number | null; field: string | null; code: string }[] };

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const ITEMS_SHEET = [
  ['Teguh Bina price list 2026'],
  ['Kind', 'Code', 'Name', 'UOM', 'Unit price', 'Brand', 'Trade category'],
  ['product', 'GR-20', 'Granite aggregate 20 mm', 'tonne', 58.5, 'Kuari Jaya', null],
  ['trade', null, 'Waterproofing', 'm2', '32', null, 'Finishes'],
  ['Other', 'OT-SC', 'Scaffolding hire', 'week', 450, null, null],
];

describe.each(FEATURE_STORES)('data import by .xlsx on %s', (kind) => {
  let running: Running;
  let aminah: string, kumar: string;
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [aminah, kumar] = await Promise.all([running.signIn('aminah@teguhbina.my', TEGUH), running.signIn('kumar@teguhbina.my', TEGUH)]);
  }, 300_000);
  afterAll(async () => running?.stop());

  async function upload(path: string, token: string, body: Buffer | string, headers: Record<string, string> = {}) {
    let req = request(running.app.getHttpServer()).post(path).set('authorization', `Bearer ${token}`).set('content-type', XLSX);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const response = await req.buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => done(null, text));
    }).send(body);
    const text = response.body as string;
    running.api.replies.push({ call: `POST ${path}`, status: response.status, text });
    const json = (() => { try { return JSON.parse(text) as Body; } catch { return {} as Body; } })();
    return { status: response.status, text, body: json, headers: response.headers };
  }
  const importPath = (target: string, mapping: unknown) => `/api/imports/${target}?mapping=${encodeURIComponent(typeof mapping === 'string' ? mapping : JSON.stringify(mapping))}`;
  const catalogueNames = async () => ((await running.api.call('get', '/api/catalogue-items?range=[0,49]', { token: aminah })).body as { name: string }[]).map((r) => r.name).sort();

  it('previews a workbook: its sheets, the header row under a title, a proposed column per field and the first rows', async () => {
    const file = await workbook({ Notes: [['Prices exclude SST']], Items: ITEMS_SHEET });
    const preview = await upload('/api/imports/catalogue-items/preview', aminah, file);
    expect(preview.status).toBe(200);
    const sheets = preview.body.sheets as { name: string; headerRow: number; proposed: Record<string, number>; rows: { row: number }[] }[];
    expect(sheets.map((s) => s.name)).toEqual(['Notes', 'Items']);
    expect(sheets[1]).toMatchObject({ headerRow: 2, proposed: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 } });
    expect(sheets[1]!.rows.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(preview.body.mapping).toEqual({ sheet: 'Items', headerRow: 2, columns: sheets[1]!.proposed });
  });

  it('when any row breaks a rule, then 422 with each problem by sheet, row and column, and nothing is recorded', async () => {
    const file = await workbook({ Items: [
      ...ITEMS_SHEET,
      ['product', 'GR-20', 'Granite aggregate 20 MM', 'tonne', 60],
      ['machine', 'X-1', 'Excavator', 'day', 900],
      ['product', 'PR-1', null, 'pcs', '12.345'],
    ] });
    const before = await catalogueNames();
    const mapping = { sheet: 'Items', headerRow: 2, columns: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 } };
    const refused = await upload(importPath('catalogue-items', mapping), aminah, file);
    expect([refused.status, refused.body.errorCode, refused.body.errorCount]).toEqual([422, 'importRowsInvalid', 5]);
    expect(refused.body.errors!.map(({ sheet, row, column, code }) => `${sheet}!${row}:${column} ${code}`)).toEqual([
      'Items!6:3 itemNameRepeated', 'Items!6:2 itemCodeRepeated', 'Items!7:1 invalid', 'Items!8:3 required', 'Items!8:5 invalidAmount',
    ]);
    expect(await catalogueNames()).toEqual(before);
  });

  it('imports every row when all pass, each as an item added with who and why, and streams its progress on ask', async () => {
    const file = await workbook({ Items: ITEMS_SHEET });
    const mapping = { sheet: 'Items', headerRow: 2, columns: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 } };
    const streamed = await upload(importPath('catalogue-items', mapping), aminah, file, { accept: 'application/x-ndjson' });
    expect(streamed.status).toBe(200);
    const lines = streamed.text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; phase?: string; done?: number; total?: number; status?: number; body?: { recorded: number; ids: string[] } });
    expect(lines.filter((l) => l.type === 'progress').map((l) => `${l.phase} ${l.done}/${l.total}`)).toEqual(['read 0/3', 'checked 0/3', 'recording 1/3', 'recording 2/3', 'recording 3/3']);
    expect(lines.at(-1)).toMatchObject({ type: 'result', status: 201, body: { success: true, recorded: 3 } });
    expect(await catalogueNames()).toEqual(['Granite aggregate 20 mm', 'Scaffolding hire', 'Waterproofing']);
    const granite = lines.at(-1)!.body!.ids[0]!;
    const item = await running.api.call('get', `/api/catalogue-items/${granite}`, { token: aminah });
    expect(item.body).toMatchObject({ kind: 'product', code: 'GR-20', unit: 'tonne', unitPrice: '58.50', brandModel: 'Kuari Jaya' });
    const history = await running.api.call('get', `/api/catalogue-items/${granite}/history`, { token: aminah });
    expect(history.body.history[0]).toMatchObject({ event: 'Added', byName: 'Aminah binti Yusof', reason: 'Imported from a spreadsheet' });
    // The same file again: every name is taken now.
    const again = await upload(importPath('catalogue-items', mapping), aminah, file);
    expect([again.status, again.body.errors!.map((e) => e.code)]).toEqual([422, ['itemNameExists', 'itemCodeExists', 'itemNameExists', 'itemNameExists', 'itemCodeExists']]);
  });

  it('invites users row by row through the invitation command, after checking roles and addresses of every row', async () => {
    const rows = [['Name', 'E-mail', 'Roles', 'Site team'], ['Siti Aisyah', 'siti.import@teguhbina.my', 'Procurement Officer', 'no'], ['Ravi Kumar', 'ravi.import@teguhbina.my', 'site team; approver', 'yes']];
    const preview = await upload('/api/imports/users/preview', aminah, await workbook({ Staff: rows }));
    expect(preview.body.mapping).toEqual({ sheet: 'Staff', headerRow: 1, columns: { name: 1, email: 2, roles: 3, siteTeam: 4 } });
    const mapping = preview.body.mapping;
    const bad = await upload(importPath('users', mapping), aminah, await workbook({ Staff: [...rows, ['Kumar again', 'kumar@teguhbina.my', 'Approver', ''], ['Nobody', 'not-an-address', 'Chief', 'maybe']] }));
    expect(bad.body.errors!.map(({ row, field, code }) => `${row} ${field} ${code}`)).toEqual(['4 email userAlreadyMember', '5 roles roleNotFound', '5 siteTeam invalid', '5 email invalidEmail']);
    const pending = () => running.api.call('get', `/api/company/users?filter=${encodeURIComponent('{"status":"pending"}')}`, { token: aminah });
    expect((await pending()).body).toEqual([]);
    const done = await upload(importPath('users', mapping), aminah, await workbook({ Staff: rows }));
    expect([done.status, done.body.recorded]).toEqual([201, 2]);
    expect(((await pending()).body as { email: string; isSiteTeam: boolean }[]).map((m) => `${m.email} ${m.isSiteTeam}`).sort()).toEqual(['ravi.import@teguhbina.my true', 'siti.import@teguhbina.my false']);
  });

  it('refuses what it cannot import: a caller without the right, an unknown target, a mapping that is not whole, a file that is not a workbook', async () => {
    const file = await workbook({ Items: ITEMS_SHEET });
    expect((await upload('/api/imports/catalogue-items/preview', kumar, file)).body.errorCode).toBe('noAccessRight');
    expect((await upload(importPath('users', { sheet: 'Staff', headerRow: 1, columns: { name: 1, email: 2, roles: 3 } }), kumar, file)).status).toBe(403);
    expect((await upload('/api/imports/machines/preview', aminah, file)).body.errorCode).toBe('importTargetUnknown');
    const partial = await upload(importPath('catalogue-items', { sheet: 'Items', headerRow: 2, columns: { kind: 1, code: 1, colourful: 3 } }), aminah, file);
    expect([partial.status, partial.body.errorCode, Object.keys(partial.body.fields as object).sort()]).toEqual([400, 'importMappingInvalid', ['columns.code', 'columns.colourful', 'columns.name']]);
    expect((await upload(importPath('catalogue-items', 'nope'), aminah, file)).body.errorCode).toBe('importMappingInvalid');
    const noSheet = await upload(importPath('catalogue-items', { sheet: 'Prices', headerRow: 2, columns: { kind: 1, name: 3 } }), aminah, file);
    expect([noSheet.status, noSheet.body.fields]).toEqual([400, { sheet: ['sheetNotFound'] }]);
    expect((await upload('/api/imports/catalogue-items/preview', aminah, 'not a workbook at all')).body.errorCode).toBe('importNotXlsx');
    expect((await upload(importPath('catalogue-items', { sheet: 'Items', headerRow: 2, columns: { kind: 1, name: 3 } }), aminah, 'plain text', { accept: 'application/x-ndjson' })).status).toBe(400);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
