// Data import by .xlsx through the API, given the demo data: Aminah (Teguh Bina's administrator) previews a
// workbook (sheets, the header row found under a title, a proposed column per field), then imports catalogue
// items and users. A file with any bad row records nothing and names each problem by sheet, row and column;
// a good one records every row through the same command as one added by hand, with progress streamed on ask.
// Machinery, from an empty store: two companies of their own, a sheet of machines previewed by its Malay and
// Chinese headers, refused whole for one bad row, then recorded on the profile; the machines offered to those
// who raise machine requests (GET /api/company/machinery), a page at a time and searched, never another
// company's, and to no one without the right.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { newPerson, seedCompany, seedUser, signIn, appendCompanyEvents, type SeededUser } from '../../support/identity.js';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, startDocumentsApp, TEGUH, type Running } from '../documents/harness.js';
import {
  itAnsweredEveryCallWithoutAServerError as itAnsweredEveryIdentityCall,
  startIdentityApp,
  type RunningApp,
} from '../identity/harness.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Body = Record<string, unknown> & {
  errorCode?: string;
  errors?: { sheet: string; row: number; column: number | null; field: string | null; code: string }[];
};

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

/** Posts a workbook (or any body) as the ui does, keeping the reply for the suite's last check. */
async function uploadTo(
  app: NestFastifyApplication,
  replies: { call: string; status: number; text: string }[],
  path: string,
  token: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
) {
  let req = request(app.getHttpServer()).post(path).set('authorization', `Bearer ${token}`).set('content-type', XLSX);
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
  replies.push({ call: `POST ${path}`, status: response.status, text });
  const json = (() => {
    try {
      return JSON.parse(text) as Body;
    } catch {
      return {} as Body;
    }
  })();
  return { status: response.status, text, body: json, headers: response.headers };
}
const importPath = (target: string, mapping: unknown) =>
  `/api/imports/${target}?mapping=${encodeURIComponent(typeof mapping === 'string' ? mapping : JSON.stringify(mapping))}`;

describe.each(FEATURE_STORES)('data import by .xlsx on %s', (kind) => {
  let running: Running;
  let aminah: string, kumar: string;
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [aminah, kumar] = await Promise.all([running.signIn('aminah@teguhbina.my', TEGUH), running.signIn('kumar@teguhbina.my', TEGUH)]);
  }, 300_000);
  afterAll(async () => running?.stop());

  const upload = (path: string, token: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    uploadTo(running.app, running.api.replies, path, token, body, headers);
  const catalogueNames = async () =>
    ((await running.api.call('get', '/api/catalogue-items?range=[0,49]', { token: aminah })).body as { name: string }[])
      .map((r) => r.name)
      .sort();

  it('previews a workbook: its sheets, the header row under a title, a proposed column per field and the first rows', async () => {
    const file = await workbook({ Notes: [['Prices exclude SST']], Items: ITEMS_SHEET });
    const preview = await upload('/api/imports/catalogue-items/preview', aminah, file);
    expect(preview.status).toBe(200);
    const sheets = preview.body.sheets as { name: string; headerRow: number; proposed: Record<string, number>; rows: { row: number }[] }[];
    expect(sheets.map((s) => s.name)).toEqual(['Notes', 'Items']);
    expect(sheets[1]).toMatchObject({
      headerRow: 2,
      proposed: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 },
    });
    expect(sheets[1]!.rows.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(preview.body.mapping).toEqual({ sheet: 'Items', headerRow: 2, columns: sheets[1]!.proposed });
  });

  it('when any row breaks a rule, then 422 with each problem by sheet, row and column, and nothing is recorded', async () => {
    const file = await workbook({
      Items: [
        ...ITEMS_SHEET,
        ['product', 'GR-20', 'Granite aggregate 20 MM', 'tonne', 60],
        ['machine', 'X-1', 'Excavator', 'day', 900],
        ['product', 'PR-1', null, 'pcs', '12.345'],
      ],
    });
    const before = await catalogueNames();
    const mapping = {
      sheet: 'Items',
      headerRow: 2,
      columns: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 },
    };
    const refused = await upload(importPath('catalogue-items', mapping), aminah, file);
    expect([refused.status, refused.body.errorCode, refused.body.errorCount]).toEqual([422, 'importRowsInvalid', 5]);
    expect(refused.body.errors!.map(({ sheet, row, column, code }) => `${sheet}!${row}:${column} ${code}`)).toEqual([
      'Items!6:3 itemNameRepeated',
      'Items!6:2 itemCodeRepeated',
      'Items!7:1 invalid',
      'Items!8:3 required',
      'Items!8:5 invalidAmount',
    ]);
    expect(await catalogueNames()).toEqual(before);
  });

  it('imports every row when all pass, each as an item added with who and why, and streams its progress on ask', async () => {
    const file = await workbook({ Items: ITEMS_SHEET });
    const mapping = {
      sheet: 'Items',
      headerRow: 2,
      columns: { kind: 1, code: 2, name: 3, unit: 4, unitPrice: 5, brandModel: 6, tradeCategory: 7 },
    };
    const streamed = await upload(importPath('catalogue-items', mapping), aminah, file, { accept: 'application/x-ndjson' });
    expect(streamed.status).toBe(200);
    const lines = streamed.text
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            phase?: string;
            done?: number;
            total?: number;
            status?: number;
            body?: { recorded: number; ids: string[] };
          },
      );
    expect(lines.filter((l) => l.type === 'progress').map((l) => `${l.phase} ${l.done}/${l.total}`)).toEqual([
      'read 0/3',
      'checked 0/3',
      'recording 1/3',
      'recording 2/3',
      'recording 3/3',
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', status: 201, body: { success: true, recorded: 3 } });
    expect(await catalogueNames()).toEqual(['Granite aggregate 20 mm', 'Scaffolding hire', 'Waterproofing']);
    const granite = lines.at(-1)!.body!.ids[0]!;
    const item = await running.api.call('get', `/api/catalogue-items/${granite}`, { token: aminah });
    expect(item.body).toMatchObject({ kind: 'product', code: 'GR-20', unit: 'tonne', unitPrice: '58.50', brandModel: 'Kuari Jaya' });
    const history = await running.api.call('get', `/api/catalogue-items/${granite}/history`, { token: aminah });
    expect(history.body.history[0]).toMatchObject({ event: 'Added', byName: 'Aminah binti Yusof', reason: 'Imported from a spreadsheet' });
    // The same file again: every name is taken now.
    const again = await upload(importPath('catalogue-items', mapping), aminah, file);
    expect([again.status, again.body.errors!.map((e) => e.code)]).toEqual([
      422,
      ['itemNameExists', 'itemCodeExists', 'itemNameExists', 'itemNameExists', 'itemCodeExists'],
    ]);
  });

  it('invites users row by row through the invitation command, after checking roles and addresses of every row', async () => {
    const rows = [
      ['Name', 'E-mail', 'Roles', 'Site team'],
      ['Siti Aisyah', 'siti.import@teguhbina.my', 'Procurement Officer', 'no'],
      ['Ravi Kumar', 'ravi.import@teguhbina.my', 'site team; approver', 'yes'],
    ];
    const preview = await upload('/api/imports/users/preview', aminah, await workbook({ Staff: rows }));
    expect(preview.body.mapping).toEqual({ sheet: 'Staff', headerRow: 1, columns: { name: 1, email: 2, roles: 3, siteTeam: 4 } });
    const mapping = preview.body.mapping;
    const bad = await upload(
      importPath('users', mapping),
      aminah,
      await workbook({
        Staff: [...rows, ['Kumar again', 'kumar@teguhbina.my', 'Approver', ''], ['Nobody', 'not-an-address', 'Chief', 'maybe']],
      }),
    );
    expect(bad.body.errors!.map(({ row, field, code }) => `${row} ${field} ${code}`)).toEqual([
      '4 email userAlreadyMember',
      '5 roles roleNotFound',
      '5 siteTeam invalid',
      '5 email invalidEmail',
    ]);
    const pending = () =>
      running.api.call('get', `/api/company/users?filter=${encodeURIComponent('{"status":"pending"}')}`, { token: aminah });
    expect((await pending()).body).toEqual([]);
    const done = await upload(importPath('users', mapping), aminah, await workbook({ Staff: rows }));
    expect([done.status, done.body.recorded]).toEqual([201, 2]);
    expect(((await pending()).body as { email: string; isSiteTeam: boolean }[]).map((m) => `${m.email} ${m.isSiteTeam}`).sort()).toEqual([
      'ravi.import@teguhbina.my true',
      'siti.import@teguhbina.my false',
    ]);
  });

  it('refuses what it cannot import: a caller without the right, an unknown target, a mapping that is not whole, a file that is not a workbook', async () => {
    const file = await workbook({ Items: ITEMS_SHEET });
    expect((await upload('/api/imports/catalogue-items/preview', kumar, file)).body.errorCode).toBe('noAccessRight');
    expect(
      (await upload(importPath('users', { sheet: 'Staff', headerRow: 1, columns: { name: 1, email: 2, roles: 3 } }), kumar, file)).status,
    ).toBe(403);
    expect((await upload('/api/imports/machines/preview', aminah, file)).body.errorCode).toBe('importTargetUnknown');
    const partial = await upload(
      importPath('catalogue-items', { sheet: 'Items', headerRow: 2, columns: { kind: 1, code: 1, colourful: 3 } }),
      aminah,
      file,
    );
    expect([partial.status, partial.body.errorCode, Object.keys(partial.body.fields as object).sort()]).toEqual([
      400,
      'importMappingInvalid',
      ['columns.code', 'columns.colourful', 'columns.name'],
    ]);
    expect((await upload(importPath('catalogue-items', 'nope'), aminah, file)).body.errorCode).toBe('importMappingInvalid');
    const noSheet = await upload(
      importPath('catalogue-items', { sheet: 'Prices', headerRow: 2, columns: { kind: 1, name: 3 } }),
      aminah,
      file,
    );
    expect([noSheet.status, noSheet.body.fields]).toEqual([400, { sheet: ['sheetNotFound'] }]);
    expect((await upload('/api/imports/catalogue-items/preview', aminah, 'not a workbook at all')).body.errorCode).toBe('importNotXlsx');
    expect(
      (
        await upload(importPath('catalogue-items', { sheet: 'Items', headerRow: 2, columns: { kind: 1, name: 3 } }), aminah, 'plain text', {
          accept: 'application/x-ndjson',
        })
      ).status,
    ).toBe(400);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});

const FLEET_MS = [
  ['Senarai jentera 2026'],
  ['Jenama', 'Model', 'Jenis jentera', 'Kapasiti', 'Kuantiti', 'Tahun dibuat'],
  ['Hitachi', 'ZX200', 'Excavator', '20 t', 2, 2020],
  ['Komatsu', 'PC200', 'Excavator', '20 t', null, 2019],
  ['JCB', '3CX', 'Backhoe loader', '1 m3', 1, null],
];
const FLEET_MAPPING = { sheet: 'Jentera', headerRow: 2, columns: { brand: 1, model: 2, type: 3, capacity: 4, quantity: 5, yearMade: 6 } };
type Machine = { id: string; brand: string; model: string; type: string; capacity: string; quantity: number; yearMade: number | null };

describe.each(FEATURE_STORES)(
  'machinery imported from .xlsx and offered to the machine request picker, from an empty store on %s',
  (kind) => {
    let ctx: RunningApp | undefined;
    let admin: SeededUser, officer: SeededUser, viewer: SeededUser, other: SeededUser;
    let companyId = '';
    const tokens: Record<'admin' | 'officer' | 'viewer' | 'other' | 'noCompany', string> = {
      admin: '',
      officer: '',
      viewer: '',
      other: '',
      noCompany: '',
    };
    const api = () => ctx!.api;
    const upload = (path: string, token: string, body: Buffer | string, headers: Record<string, string> = {}) =>
      uploadTo(ctx!.app, ctx!.api.replies, path, token, body, headers);
    const suggestions = (token: string, query: Record<string, string> = {}) => api().get('company/machinery', { token, query });
    const brands = (reply: { body: { items: Machine[] } }) => reply.body.items.map((m) => m.brand);
    const chosen = async (person: SeededUser, id: string) =>
      (await api().get(`company/choose/${id}`, { token: (await signIn(ctx!, person)).jwtToken })).body.jwtToken as string;

    beforeAll(async () => {
      ctx = await startIdentityApp(kind);
      admin = await seedUser(ctx, newPerson('machinery-admin'));
      officer = await seedUser(ctx, newPerson('machinery-officer'));
      viewer = await seedUser(ctx, newPerson('machinery-viewer'));
      other = await seedUser(ctx, newPerson('machinery-other'));
      // The profile's administrator; someone who raises machine requests (procurement.update); someone who only sees them.
      const company = await seedCompany(ctx, {
        name: 'Jentera Maju Sdn Bhd',
        status: 3,
        roleName: 'Company Administrator',
        accessRights: ['administration.companyProfile.view', 'administration.companyProfile.update'],
        members: [{ userId: admin.userId }],
      });
      companyId = company.companyId;
      await appendCompanyEvents(ctx, companyId, [
        {
          type: 'CompanyRoleDefined',
          data: { roleId: 'requester', name: 'Requester', accessRights: ['procurement.view', 'procurement.update'] },
        },
        { type: 'CompanyRoleDefined', data: { roleId: 'reader', name: 'Reader', accessRights: ['procurement.view'] } },
        { type: 'CompanyUserAssigned', data: { userId: officer.userId, roleId: 'requester', isSiteTeam: false } },
        { type: 'CompanyUserAssigned', data: { userId: viewer.userId, roleId: 'reader', isSiteTeam: false } },
      ]);
      const otherCompany = await seedCompany(ctx, {
        name: 'Jentera Lain Sdn Bhd',
        status: 3,
        accessRights: ['administration.companyProfile.update', 'procurement.update'],
        members: [{ userId: other.userId }],
      });
      tokens.admin = await chosen(admin, companyId);
      tokens.officer = await chosen(officer, companyId);
      tokens.viewer = await chosen(viewer, companyId);
      tokens.other = await chosen(other, otherCompany.companyId);
      tokens.noCompany = (await signIn(ctx, officer)).jwtToken;
      const volvo = await api().post(
        'company/profile/lists/machinery',
        { brand: 'Volvo', model: 'EC210', type: 'Excavator', capacity: '21 t', quantity: 1, yearMade: 2021 },
        { token: tokens.other },
      );
      expect(volvo.status).toBe(201);
    }, 300_000);
    afterAll(() => ctx?.stop());

    it("previews a fleet sheet by its Malay or Chinese headers, proposing a column for each of the machine's fields", async () => {
      const file = await workbook({
        Jentera: FLEET_MS,
        机械: [
          ['品牌', '型号', '类型', '容量', '数量', '制造年份'],
          ['Sany', 'SY215', '挖掘机', '21 t', 1, 2022],
        ],
      });
      const preview = await upload('/api/imports/machinery/preview', tokens.admin, file);
      expect(preview.status).toBe(200);
      expect(preview.body.fields).toEqual([
        { field: 'brand', required: true },
        { field: 'model', required: true },
        { field: 'type', required: true },
        { field: 'capacity', required: false },
        { field: 'quantity', required: false },
        { field: 'yearMade', required: false },
      ]);
      const sheets = preview.body.sheets as { name: string; headerRow: number; proposed: Record<string, number> }[];
      expect(sheets.map(({ name, headerRow, proposed }) => ({ name, headerRow, proposed }))).toEqual([
        { name: 'Jentera', headerRow: 2, proposed: FLEET_MAPPING.columns },
        { name: '机械', headerRow: 1, proposed: FLEET_MAPPING.columns },
      ]);
      expect(preview.body.mapping).toEqual(FLEET_MAPPING);
    });

    it('when a row has no model, no machines or a year to come, then 422 names each cell by sheet, row and column, and nothing is recorded', async () => {
      const file = await workbook({
        Jentera: [
          ...FLEET_MS,
          ['Sany', null, 'Excavator', null, 0, 1850],
          ['Tadano', 'GR-500', 'Rough terrain crane', '50 t', 'two', 2999],
        ],
      });
      const refused = await upload(importPath('machinery', FLEET_MAPPING), tokens.admin, file);
      expect([refused.status, refused.body.errorCode, refused.body.errorCount]).toEqual([422, 'importRowsInvalid', 5]);
      expect(refused.body.errors!.map(({ sheet, row, column, field, code }) => `${sheet}!${row}:${column} ${field} ${code}`)).toEqual([
        'Jentera!6:2 model fieldRequired',
        'Jentera!6:5 quantity invalidQuantity',
        'Jentera!6:6 yearMade invalidYear',
        'Jentera!7:5 quantity invalidQuantity',
        'Jentera!7:6 yearMade invalidYear',
      ]);
      expect(await ctx!.store.readStream(`companyprofile-${companyId}`)).toEqual([]);
      expect((await api().get('company/profile/lists/machinery', { token: tokens.admin })).body.items).toEqual([]);
    });

    it('refuses the import to anyone who may not change the profile, the machine requester too', async () => {
      const file = await workbook({ Jentera: FLEET_MS });
      const refused = await upload(importPath('machinery', FLEET_MAPPING), tokens.officer, file);
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
      expect(await ctx!.store.readStream(`companyprofile-${companyId}`)).toEqual([]);
    });

    it('when every row passes, then each machine is added to the profile by the importer, an empty quantity as one', async () => {
      const done = await upload(importPath('machinery', FLEET_MAPPING), tokens.admin, await workbook({ Jentera: FLEET_MS }));
      expect([done.status, done.body.recorded]).toEqual([201, 3]);
      const list = (await api().get('company/profile/lists/machinery', { token: tokens.admin })).body.items as Machine[];
      expect(
        list.map(({ brand, model, type, capacity, quantity, yearMade }) => ({ brand, model, type, capacity, quantity, yearMade })),
      ).toEqual([
        { brand: 'Hitachi', model: 'ZX200', type: 'Excavator', capacity: '20 t', quantity: 2, yearMade: 2020 },
        { brand: 'JCB', model: '3CX', type: 'Backhoe loader', capacity: '1 m3', quantity: 1, yearMade: null },
        { brand: 'Komatsu', model: 'PC200', type: 'Excavator', capacity: '20 t', quantity: 1, yearMade: 2019 },
      ]);
      const events = await ctx!.store.readStream(`companyprofile-${companyId}`);
      expect(events.map((e) => [e.type, e.metadata.actorUserId])).toEqual(Array(3).fill(['CompanyProfileEntryAdded', admin.userId]));
      const history = await api().get('company/profile/history', { token: tokens.admin });
      expect(history.body.items.map((step: { event: string; byName: string }) => `${step.event} ${step.byName}`)).toEqual(
        Array(3).fill(`EntryAdded ${admin.name}`),
      );
    });

    it('offers the machines to whoever raises machine requests, a page at a time by brand and model, searched in brand, model and type', async () => {
      const first = await suggestions(tokens.officer, { q: 'excavator', limit: '1' });
      expect([first.status, brands(first)]).toEqual([200, ['Hitachi']]);
      const second = await suggestions(tokens.officer, { q: 'excavator', limit: '1', after: first.body.next as string });
      expect([brands(second), second.body.next]).toEqual([['Komatsu'], null]);
      expect(brands(await suggestions(tokens.officer, { q: 'BACKHOE' }))).toEqual(['JCB']);
      expect(brands(await suggestions(tokens.officer, { q: 'zx2' }))).toEqual(['Hitachi']);
      expect(brands(await suggestions(tokens.officer, { q: '100%' }))).toEqual([]);
      const all = await suggestions(tokens.officer);
      expect([brands(all), all.body.next]).toEqual([['Hitachi', 'JCB', 'Komatsu'], null]);
      // The profile's own people read them too.
      expect(brands(await suggestions(tokens.admin, { q: 'komatsu' }))).toEqual(['Komatsu']);
      for (const [query, field] of [
        [{ limit: '0' }, 'limit'],
        [{ limit: '101' }, 'limit'],
        [{ after: 'not a cursor' }, 'after'],
        [{ q: 'x'.repeat(101) }, 'q'],
      ] as const) {
        const bad = await suggestions(tokens.officer, query);
        expect([bad.status, bad.body.errorCode, Object.keys(bad.body.fields)]).toEqual([400, 'validationFailed', [field]]);
      }
    });

    it("never shows another company's machines, and answers no one without the right, no company or no session", async () => {
      expect(brands(await suggestions(tokens.officer, { q: 'volvo' }))).toEqual([]);
      expect(brands(await suggestions(tokens.other, { q: 'excavator' }))).toEqual(['Volvo']);
      expect(brands(await suggestions(tokens.other))).toEqual(['Volvo']);
      const reader = await suggestions(tokens.viewer, { q: 'excavator' });
      expect([reader.status, reader.body.errorCode]).toEqual([403, 'noAccessRight']);
      const noCompany = await suggestions(tokens.noCompany);
      expect([noCompany.status, noCompany.body.errorCode]).toEqual([403, 'companyNotChosen']);
      expect((await api().get('company/machinery')).status).toBe(401);
    });

    itAnsweredEveryIdentityCall(() => ctx);
  },
);
