// Seeds the comparison benches' tender: BENCH_SELLERS sellers x BENCH_LINES lines.
//
// The documents context caps a tender at 500 lines (MAX_LINE_ITEMS), so a real tender of 500 lines is
// created, approved and closed through the API, and its stream copied under a new id with its lines
// repeated to `lines` (the same events, appended by the event store, so the hash chain is the store's own).
// The invitations and the quotations are appended to their streams as the tendering context writes them
// (one QuotationSubmitted of every line per seller): seeding 50 sellers through the API would need 50
// companies in the buyer's directory, which the demo data has not.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { JsonValue, SqlEventStore } from '@binaan/event-store';
import { act, createDocument } from '../documents/http.js';

const TEGUH = 'teguh-bina';
const SOURCE_LINES = 500;
const money = (sen: number) => `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

export type SeededComparison = { tenderId: string; sellers: string[] };

/** `tokens`: Kumar (makes and closes it) and the approvers Lim and Aminah, all of Teguh Bina. */
export async function seedComparison(
  base: string,
  store: SqlEventStore,
  tokens: { kumar: string; lim: string; aminah: string },
  sellersCount: number,
  lineCount: number,
): Promise<SeededComparison> {
  const { kumar, lim, aminah } = tokens;
  const SELLERS = sellersCount;
  const LINES = lineCount;
  const api = { base };
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const items = Array.from({ length: SOURCE_LINES }, (_, i) => ({
    description: `Item ${i + 1}`,
    unit: 'm3',
    quantity: String(1 + (i % 40)),
    rate: money(1 + ((i * 37) % 50)),
  }));
  // Small estimate rates keep the activation round within the demo approvers' limits (the figures do not change the read).
  const seeded = performance.now();
  const source = await createDocument({ base: api.base }, 'tender', kumar, {
    title: 'Bench tender',
    items,
    openAt: later(10),
    closeAt: later(2 * 24 * 60),
    expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10),
  });
  let revision = await act({ base: api.base }, 'tender', kumar, source.id, 'Request_Approve', source.revision);
  // The round's levels follow the amount (the authority manual): Lim, then Aminah while it still waits.
  for (const approver of [lim, aminah]) {
    const view = (await (
      await fetch(`${api.base}/api/documents/tender/${source.id}`, { headers: { authorization: `Bearer ${kumar}` } })
    ).json()) as { status: string };
    if (view.status !== 'pendingActivation') break;
    revision = await act({ base: api.base }, 'tender', approver, source.id, 'Approve', revision);
  }
  await act({ base: api.base }, 'tender', kumar, source.id, 'Close', revision);

  // The same tender under a new id, its lines repeated to LINES (line numbers 1..LINES).
  const tenderId = randomUUID();
  const copied = (await store.readStream(`tender-${source.id}`)).map((event) => {
    const data = JSON.parse(JSON.stringify(event.data).split(source.id).join(tenderId)) as {
      fields?: { items?: Record<string, unknown>[] };
    };
    const lines = data.fields?.items;
    if (lines) data.fields!.items = Array.from({ length: LINES }, (_, i) => ({ ...lines[i % lines.length]!, lineNo: i + 1 }));
    return { type: event.type, data: data as unknown as JsonValue, metadata: event.metadata as unknown as JsonValue };
  });
  await store.append({ streamId: `tender-${tenderId}`, streamType: 'tender', expectedRevision: 'no_stream', events: copied as never });
  const sellers = Array.from({ length: SELLERS }, (_, s) => `bench-seller-${String(s).padStart(2, '0')}`);
  const meta = { actorUserId: 'bench', actorCompanyId: TEGUH };
  await store.append({
    streamId: `tenderInvitations-${tenderId}`,
    streamType: 'tenderInvitations',
    expectedRevision: 'no_stream',
    events: sellers.map((seller) => ({
      type: 'TenderSellerInvited',
      data: { tenderId, invitationId: seller, buyerCompanyId: TEGUH, sellerCompanyId: seller, by: 'bench' },
      metadata: meta,
    })),
  });
  for (const [s, seller] of sellers.entries()) {
    let total = 0;
    const quoted = Array.from({ length: LINES }, (_, i) => {
      const quantity = 1 + ((i % SOURCE_LINES) % 40);
      const rate = 900 + ((i * 31 + s * 97) % 5200);
      total += quantity * rate;
      return { lineNo: i + 1, rate: money(rate), includeZeroRate: false, amount: money(quantity * rate) };
    });
    await store.append({
      streamId: `tenderQuotation-${tenderId}-${seller}`,
      streamType: 'tenderQuotation',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'QuotationSubmitted',
          data: { tenderId, sellerCompanyId: seller, tenderRevision: 0, items: quoted, total: money(total), by: 'bench' },
          metadata: { actorUserId: 'bench', actorCompanyId: seller },
        },
      ],
    });
  }
  console.log(`seeded a tender of ${LINES} lines and ${SELLERS} quotations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  return { tenderId, sellers };
}
