// Seeding shared by the documents bench and its profiler: purchase orders made through the API, and (for
// the profiler) the real API in this process on a database of its own (created and dropped) with the demo data.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { loadConfig, type ApiConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { seedDemoData } from '@binaan/api/dist/demo/demo-seed.js';
import { LookupKeys } from '@binaan/api/dist/personal-data/lookup-keys.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import { ADMIN_URL, onDatabase } from '../support/api-process.js';
import type { CycleDocument } from './action-cycle.js';
import { act, createDocument, signIn, type Api } from './http.js';

const TEGUH = 'teguh-bina';

export const orderBody = (title: string) => ({
  title,
  counterpartyCompanyId: 'mutiara-supplies',
  startDate: '2026-03-10',
  endDate: '2026-03-20',
  items: [
    { description: 'Concrete G30', unit: 'm3', quantity: '10.5', rate: '110.00' },
    { description: 'Pump hire', unit: 'day', quantity: '1', rate: '79.50' },
  ],
});

/** An order in `rejected` (Create, Request_Approve, Reject), ready for the Resubmit / Reject cycle. */
export async function rejectedOrder(api: Api, kumar: string, lim: string, title: string): Promise<CycleDocument> {
  const { id, revision } = await createDocument(api, 'purchaseOrder', kumar, orderBody(title));
  const requested = await act(api, 'purchaseOrder', kumar, id, 'Request_Approve', revision);
  const rejected = await act(api, 'purchaseOrder', lim, id, 'Reject', requested, { remark: 'Rates above the price list, revise' });
  return { id, revision: rejected, next: 'Resubmit' };
}

/** Resubmit / Reject on `document` until it reaches `revision`. */
export async function growTo(api: Api, tokens: { kumar: string; lim: string }, document: CycleDocument, revision: number): Promise<void> {
  while (document.revision < revision) {
    const reject = document.next === 'Reject';
    document.revision = await act(api, 'purchaseOrder', reject ? tokens.lim : tokens.kumar, document.id, document.next, document.revision, {
      remark: reject ? 'Rates above the price list, revise' : 'Revised rates',
    });
    document.next = reject ? 'Resubmit' : 'Reject';
  }
}

export type BenchApp = {
  app: NestFastifyApplication;
  api: Api;
  store: EventStore;
  config: ApiConfig;
  database: string;
  url: string;
  kumar: string;
  lim: string;
  close(): Promise<void>;
};

/** A fresh database, the API listening on it with the demo data, and kumar's and lim's company tokens. */
export async function startBenchApp(): Promise<BenchApp> {
  const database = `binaan_bench_documents_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-documents-'));
  const config = loadConfig({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'api', DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' });
  const close = async () => {
    await app.close();
    await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  };
  const app = await createApp(config, { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the API has no TCP address');
    const api: Api = { base: `http://127.0.0.1:${address.port}` };
    const store = app.get<EventStore>(EVENT_STORE);
    await seedDemoData(store, app.get(LookupKeys));
    const kumar = await signIn(api, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const lim = await signIn(api, 'lim@teguhbina.my', DEMO_PASSWORD, TEGUH);
    return { app, api, store, config, database, url: url.toString(), kumar, lim, close };
  } catch (error) {
    await close();
    throw error;
  }
}
