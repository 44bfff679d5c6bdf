// The document lists driven by react-admin's stock ra-data-simple-rest provider (not the ui's wrapper),
// over real HTTP, as any react-admin app pointed at /api/documents would: getList
// with every sort the list shows, getMany's filter={"id":[...]}, getManyReference by project, a page past
// the end, an export of 1,000 rows, and an unknown filter key refused with its code.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { MUTIARA, purchaseOrderBody, SERI, FEATURE_STORES, TEGUH } from './harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

type Row = {
  id: string;
  documentNo: string;
  title: string;
  companyName: string | null;
  counterpartyName: string | null;
  projectId: string | null;
  counterpartyCompanyId: string | null;
};

describe.each(FEATURE_STORES)('the stock ra-data-simple-rest provider on the document lists (%s)', (kind) => {
  let running: AuthorityRunning;
  // One of Teguh Bina's demo projects (a document is made only inside its own company's project).
  let stockProject: string;
  let provider: DataProvider;
  const created: Row[] = [];

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    stockProject = (
      await running.sql.query<{ project_id: string }>("SELECT project_id FROM projects WHERE company_id = $1 AND code = 'TB-MT-A'", [TEGUH])
    )[0]!.project_id;
    await running.app.listen(0, '127.0.0.1');
    const address = running.app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const token = await running.signIn('kumar@teguhbina.my', TEGUH);
    provider = simpleRestProvider(`http://127.0.0.1:${address.port}/api/documents`, (url: string, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } }),
    );
    for (const [title, counterparty, projectId] of [
      ['Stock client A', MUTIARA, stockProject],
      ['Stock client B', SERI, stockProject],
      ['Stock client C', MUTIARA, null],
    ] as const) {
      const { data } = await provider.create('purchaseOrder', {
        data: purchaseOrderBody({ title, counterpartyCompanyId: counterparty, ...(projectId ? { projectId } : {}) }),
      });
      created.push(data);
    }
  }, 300_000);
  afterAll(async () => running?.stop());

  const all = async (sort: { field: string; order: 'ASC' | 'DESC' }) =>
    await provider.getList<Row & { id: string }>('purchaseOrder', { pagination: { page: 1, perPage: 1000 }, sort, filter: {} });

  it('getList pages with a total, and every column the list shows sorts, in the order asked', async () => {
    const first = await provider.getList('purchaseOrder', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'documentNo', order: 'ASC' },
      filter: {},
    });
    const everything = await all({ field: 'documentNo', order: 'ASC' });
    expect(first.data).toHaveLength(2);
    expect(first.total).toBe(everything.data.length);
    expect(everything.data.length).toBeGreaterThanOrEqual(3);
    const byName = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
    // Names and numbers here compare the same in JavaScript and in any collation (capitalised words, PO-yyyy-nnnn).
    for (const [field, key] of [
      ['counterpartyName', 'counterpartyName'],
      ['companyName', 'companyName'],
      ['documentNo', 'documentNo'],
    ] as const) {
      const { data } = await all({ field, order: 'ASC' });
      const names = data.map((row) => row[key]);
      expect(names).toEqual([...names].sort(byName));
      expect(data).toHaveLength(everything.data.length);
    }
    const byProject = (await all({ field: 'projectId', order: 'DESC' })).data.map((row) => row.projectId);
    // Descending puts documents with no project first (PostgreSQL's NULLS FIRST), and one project's together.
    const firstProject = byProject.findIndex((p) => p !== null);
    expect(byProject.slice(firstProject).includes(null)).toBe(false);
    const stock = byProject.flatMap((p, i) => (p === stockProject ? [i] : []));
    expect(stock).toEqual([stock[0], stock[0]! + 1]);
  });

  it('getMany answers exactly the ids asked (filter={"id":[...]}), more than a page of them too', async () => {
    const ids = [created[2]!.id, created[0]!.id];
    const { data } = await provider.getMany('purchaseOrder', { ids });
    expect(data.map((row) => row.id).sort()).toEqual([...ids].sort());
    const everything = (await all({ field: 'documentNo', order: 'ASC' })).data.map((row) => row.id);
    const many = await provider.getMany('purchaseOrder', { ids: everything });
    expect(many.data).toHaveLength(everything.length);
  });

  it('getManyReference by project answers only that project', async () => {
    const { data, total } = await provider.getManyReference('purchaseOrder', {
      target: 'projectId',
      id: stockProject,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(data.map((row) => row.title).sort()).toEqual(['Stock client A', 'Stock client B']);
    expect(total).toBe(2);
  });

  it('a page past the end is empty with the true total; an export of 1,000 rows is served', async () => {
    const everything = await all({ field: 'createdAt', order: 'DESC' });
    const past = await provider.getList('purchaseOrder', {
      pagination: { page: 40, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect({ rows: past.data.length, total: past.total }).toEqual({ rows: 0, total: everything.data.length });
    const exported = await provider.getList('purchaseOrder', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(exported.data.map((row) => row.id)).toEqual(everything.data.map((row) => row.id).sort());
  });

  it('an unknown filter key is 400 unknownFilter, not the list unfiltered', async () => {
    const refused = await provider
      .getList('purchaseOrder', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { vendor: 'x' } })
      .then(
        () => null,
        (error: { status: number; body: { errorCode: string } }) => error,
      );
    expect({ status: refused?.status, code: refused?.body.errorCode }).toEqual({ status: 400, code: 'unknownFilter' });
  });
});
