// @vitest-environment happy-dom
// The machine definitions are ~84 KB: one request per page load however many parts of the area
// ask for them at once, kept with their ETag, and on the next page load revalidated: a 304 reuses the copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueEntry } from './catalogue.js';

const CATALOGUE = [
  { resource: 'tender', version: 1, versions: [1], authorityScope: 'company', states: [], events: [], transitions: [], decisions: [] },
] as CatalogueEntry[];
const ETAG = 'W/"catalogue-1"';

type Call = { url: string; ifNoneMatch: string | undefined };
let calls: Call[];
let answer: (call: Call) => Response;

/** A fresh page load: the module (and its promise) as new. */
async function freshPage() {
  vi.resetModules();
  return import('./catalogue.js');
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  answer = () => new Response(JSON.stringify(CATALOGUE), { status: 200, headers: { 'Content-Type': 'application/json', ETag: ETAG } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url: String(url), ifNoneMatch: (init.headers as Record<string, string>)['If-None-Match'] };
      calls.push(call);
      return answer(call);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// Each test imports the module afresh (a new page load), which a busy machine transforms slowly.
describe('loading the workflow catalogue', { timeout: 60_000 }, () => {
  it('makes one request for every caller of a page load', async () => {
    const { loadCatalogue } = await freshPage();
    const [a, b, c] = await Promise.all([loadCatalogue(), loadCatalogue(), loadCatalogue()]);
    expect(await loadCatalogue()).toEqual(CATALOGUE);
    expect([a, b, c]).toEqual([CATALOGUE, CATALOGUE, CATALOGUE]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/api\/workflows$/);
    expect(calls[0]!.ifNoneMatch).toBeUndefined();
  });

  it('revalidates the kept copy on the next page load and uses it on a 304', async () => {
    await (await freshPage()).loadCatalogue();
    answer = (call) =>
      call.ifNoneMatch === ETAG ? new Response(null, { status: 304, headers: { ETag: ETAG } }) : new Response('{}', { status: 500 });
    expect(await (await freshPage()).loadCatalogue()).toEqual(CATALOGUE);
    expect(calls.map((call) => call.ifNoneMatch)).toEqual([undefined, ETAG]);
  });

  it('forgets a failed load, so the next caller asks again', async () => {
    const { loadCatalogue } = await freshPage();
    answer = () => new Response(JSON.stringify({ success: false, errorCode: 'storeUnavailable' }), { status: 503 });
    await expect(loadCatalogue()).rejects.toMatchObject({ errorCode: 'storeUnavailable' });
    answer = () => new Response(JSON.stringify(CATALOGUE), { status: 200, headers: { ETag: ETAG } });
    expect(await loadCatalogue()).toEqual(CATALOGUE);
    expect(calls).toHaveLength(2);
  });
});
