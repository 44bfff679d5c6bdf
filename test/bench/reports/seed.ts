// A log of purchase orders for the reports bench: one order's five events made by the documents context's own
// deciders, copied for each order with its ids, companies, amount and times; written straight into the log's
// table in SQL (a bench needs the rows, not the appends' checks), and each order's report row folded from
// those very events by the projection's fold (documentReportRows.fold) and written beside them.
import { randomUUID } from 'node:crypto';
import type { JsonValue, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from '@binaan/api/dist/documents/document.decider.js';
import { foldDocument } from '@binaan/api/dist/documents/document.state.js';
import { documentReportRows, type DocumentReportRow } from '@binaan/api/dist/reports/documents/document-rows.js';
import { onDatabase } from '../support/api-process.js';

export const BIG = 'bench-big-buyer';
export const SMALL = 'bench-small-buyer';
const SELLERS = ['bench-seller-1', 'bench-seller-2', 'bench-seller-3', 'bench-seller-4', 'bench-seller-5'];
const SMALL_ORDERS = 2_000;
const EVENTS_PER_ORDER = 5;
const BATCH_ORDERS = 1_000;
const START = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Template = { type: string; data: Record<string, unknown> }[];

/** One order's events as the deciders write them (Draft and Create, Request_Approve, Approve, Confirm). */
function template(): Template {
  const kumar = userWith('purchaseOrder', 'bench-officer', 'TEMPLATE-BUYER', [10]);
  const lim = userWith('purchaseOrder', 'bench-approver', 'TEMPLATE-BUYER', [20]);
  const seller = userWith('purchaseOrder', 'bench-seller-user', 'TEMPLATE-SELLER', [20]);
  const body = {
    title: 'Concrete G30',
    counterpartyCompanyId: 'TEMPLATE-SELLER',
    items: [
      { lineNo: 1, description: 'Concrete G30', unit: 'm3', quantity: '10.000', rate: '110.00', amount: '1100.00', includeZeroRate: false },
    ],
  };
  const at = new Date(START).toISOString();
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, at);
  const events: StoredEvent[] = creationEvents({
    resource: 'purchaseOrder',
    documentId: 'TEMPLATE-ID',
    documentNo: 'PO-2025-TEMPLATE',
    actor: kumar,
    fields,
    statusEvent,
  }).map((e, i) => ({
    id: String(i),
    streamId: 's',
    streamType: 'purchaseOrder',
    revision: i,
    globalPosition: i,
    type: e.type,
    data: e.data as JsonValue,
    metadata: { recordedAt: at },
    prevHash: '',
    hash: '',
  }));
  for (const [name, actor] of [
    ['Request_Approve', kumar],
    ['Approve', lim],
    ['Confirm', seller],
  ] as const) {
    const data = decideAction(foldDocument(events)!, name, { remark: 'ok' }, actor, at);
    events.push({ ...events[0]!, revision: events.length, type: 'WorkflowStatusChanged', data: data as unknown as JsonValue });
  }
  return events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
}

/** Order n: its buyer (half the big buyer's, 2,000 the small one's, the rest among others), seller, amount and times. */
function orderOf(n: number, orders: number) {
  const buyer = n % 2 === 0 ? BIG : n % Math.max(2, Math.floor(orders / SMALL_ORDERS)) === 1 ? SMALL : `bench-buyer-${n % 97}`;
  const created = START + n * 3 * MINUTE;
  const waited = (1 + (n % 72)) * HOUR;
  return {
    buyer,
    seller: SELLERS[n % SELLERS.length]!,
    total: `${1_000 + (n % 5_000)}.${String(n % 100).padStart(2, '0')}`,
    times: [created, created, created + HOUR, created + HOUR + waited, created + 2 * HOUR + waited + 24 * HOUR],
  };
}

function eventsOf(n: number, orders: number, base: Template): StoredEvent[] {
  const order = orderOf(n, orders);
  const id = randomUUID();
  const streamId = `purchaseOrder-${id}`;
  const text = JSON.stringify(base)
    .replaceAll('TEMPLATE-ID', id)
    .replaceAll('TEMPLATE-BUYER', order.buyer)
    .replaceAll('TEMPLATE-SELLER', order.seller)
    .replaceAll('PO-2025-TEMPLATE', `PO-2025-${String(n).padStart(7, '0')}`);
  const events = JSON.parse(text) as Template;
  const drafted = events[0]!.data as { fields: { totals: { total: string } } };
  drafted.fields.totals.total = order.total;
  return events.map((event, revision) => {
    const recordedAt = new Date(order.times[revision]!).toISOString();
    if (event.type === 'WorkflowStatusChanged') event.data.at = recordedAt;
    return {
      id: randomUUID(),
      streamId,
      streamType: 'purchaseOrder',
      revision,
      globalPosition: 0,
      type: event.type,
      data: event.data as JsonValue,
      metadata: { recordedAt, actorUserId: 'bench' },
      prevHash: '',
      hash: '',
    };
  });
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
const day = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 10);

export async function seedOrders(_db: SqlExecutor, url: string, events: number) {
  const orders = Math.floor(events / EVENTS_PER_ORDER);
  const base = template();
  const columns = Object.keys(documentReportRows.columns) as (keyof DocumentReportRow)[];
  await onDatabase(async (client) => {
    await client.query('SET search_path = api');
    await client.query('SET statement_timeout = 0');
    // The sellers' names, which the spend by seller reads beside the figures.
    await client.query(
      `INSERT INTO companies (company_id, name, registration_no, status, subscription_type, subscription_detail_type, is_demo, registered_at)
       SELECT id, 'Bench Seller ' || id, '000000-X', 3, 2, 'supplier', false, now() FROM unnest($1::text[]) AS id`,
      [SELLERS],
    );
    for (let first = 0; first < orders; first += BATCH_ORDERS) {
      const batch: StoredEvent[] = [];
      const rows: DocumentReportRow[] = [];
      for (let n = first; n < Math.min(orders, first + BATCH_ORDERS); n += 1) {
        const stored = eventsOf(n, orders, base);
        batch.push(...stored);
        rows.push(stored.reduce<DocumentReportRow | null>((row, event) => documentReportRows.fold(row, event), null)!);
      }
      await client.query(
        `INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::json[], $7::json[], $8::timestamptz[], $9::text[], $10::text[])`,
        [
          batch.map((e) => e.id),
          batch.map((e) => e.streamId),
          batch.map((e) => e.streamType),
          batch.map((e) => e.revision),
          batch.map((e) => e.type),
          batch.map((e) => JSON.stringify(e.data)),
          batch.map((e) => JSON.stringify(e.metadata)),
          batch.map((e) => e.metadata.recordedAt),
          batch.map(() => ''),
          batch.map(() => 'bench'),
        ],
      );
      await client.query(
        `INSERT INTO report_documents (${columns.join(', ')}) SELECT * FROM jsonb_populate_recordset(NULL::report_documents, $1::jsonb)`,
        // The jsonb columns (the approval round and waits, a certificate's valuation) go in as the JSON they hold.
        [
          JSON.stringify(
            rows.map((row) => ({
              ...row,
              valuation: parsed(row.valuation),
              approval_round: parsed(row.approval_round),
              approval_waits: parsed(row.approval_waits),
            })),
          ),
        ],
      );
    }
    await client.query('VACUUM ANALYZE report_documents');
    await client.query('ANALYZE events');
  }, url);
  const end = new Date(START + orders * 3 * MINUTE + 5 * 24 * HOUR);
  const middle = START + Math.floor(orders / 2) * 3 * MINUTE;
  return {
    events: orders * EVENTS_PER_ORDER,
    orders,
    end,
    middleDay: day(middle),
    smallMiddle: new Date(middle),
    dayAfter: (from: string, days: number) => new Date(Date.parse(`${from}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10),
  };
}
