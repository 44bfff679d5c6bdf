/// <reference types="node" />
// The personal data codec's own cost on a replay, apart from the database: rows as
// PostgreSQL's log page gives them (the event tuple as JSON text, data in jsonb's key order) parsed as the
// SQL store parses them, plain and sealed, then the sealed page opened by FieldPersonalDataCodec with its
// keys held. Printed: this process's CPU µs an event for parsing the plain rows, parsing the sealed rows,
// and parsing and opening them, reading a plain field or every personal field; least of BENCH_ROUNDS (6).
// The database's side (larger rows) is in personal-data.bench.ts; this one moves little with the load the
// other processes put on the cores, since it counts this process's CPU only.
// Run by hand: `npx tsc -b test/bench && node test/bench/dist/event-store/personal-data-codec.bench.js`.
// Env: BENCH_EVENTS (100000), BENCH_PERSONS (1000), BENCH_ROUNDS (6).

import {
  FieldPersonalDataCodec,
  type DataKey,
  type EventMetadata,
  type JsonObject,
  type PersonalKeyStore,
  type StoredEvent,
} from '@binaan/event-store';
import { randomBytes } from 'node:crypto';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PERSONS = Number(process.env.BENCH_PERSONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PAGE = 1000;

/** Keys held in memory (the SQL key store's cache once warm: "keys cached"). */
function heldKeys(): PersonalKeyStore {
  const keys = new Map<string, Buffer>();
  const keyOf = (subject: string) => {
    let key = keys.get(subject);
    if (!key) keys.set(subject, (key = randomBytes(32)));
    return key;
  };
  return {
    cached: (subject: string) => keys.get(subject),
    dataKey: async (subject: string) => keyOf(subject),
    dataKeys: async (subjects: string[]) => new Map<string, DataKey>(subjects.map((subject) => [subject, keyOf(subject)])),
  } as unknown as PersonalKeyStore;
}

const codec = new FieldPersonalDataCodec(
  { MemberJoined: { subject: (data) => (typeof data.userId === 'string' ? data.userId : null), fields: ['email', 'name', 'mobile'] } },
  heldKeys(),
);

const data = (n: number): JsonObject => {
  const v = n % PERSONS;
  return {
    userId: `user-${v}`,
    email: `person${v}@example.my`,
    name: `Person number ${v} bin Abdullah`,
    mobile: `+6012${String(v).padStart(7, '0')}`,
    role: 'site team',
    companyId: 'teguh-bina',
  };
};
/** jsonb's text: keys by length, then by bytes, ", " and ": " between. */
const jsonbText = (o: JsonObject) =>
  `{${Object.keys(o)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${JSON.stringify(k)}: ${JSON.stringify(o[k])}`)
    .join(', ')}}`;

type Tuple = [number, number, number, string, string, string, string, string, string, JsonObject, JsonObject];
const toEvent = (t: Tuple): StoredEvent => ({
  id: t[3],
  streamId: t[4],
  streamType: t[5],
  revision: t[1],
  globalPosition: t[0],
  type: t[6],
  data: t[9],
  metadata: t[10] as unknown as EventMetadata,
  prevHash: t[7],
  hash: t[8],
});

async function main(): Promise<void> {
  const plainRows: string[] = [];
  const sealedRows: string[] = [];
  for (let n = 0; n < EVENTS; n++) {
    const plain = data(n);
    const events = [{ type: 'MemberJoined', data: { ...plain } }];
    await codec.seal(`member-${n}`, events);
    const head = `[${n + 1},0,1764200000000,"0192f3a0-0000-7000-8000-${String(n).padStart(12, '0')}","member-${n}","member","MemberJoined","${'a'.repeat(64)}","${'b'.repeat(64)}",`;
    const metadata = '{"actorUserId": "bench", "actorCompanyId": "teguh-bina"}';
    plainRows.push(`${head}${jsonbText(plain)},${metadata}]`);
    sealedRows.push(`${head}${jsonbText(events[0]!.data)},${metadata}]`);
  }
  let sink = 0;
  const run = async (rows: string[], open: boolean, readPersonal: boolean) => {
    const before = process.cpuUsage();
    for (let at = 0; at < rows.length; at += PAGE) {
      let page: StoredEvent[] = [];
      for (let i = at; i < Math.min(rows.length, at + PAGE); i++) page.push(toEvent(JSON.parse(rows[i]!) as Tuple));
      if (open) page = await codec.open(page);
      for (const event of page) {
        const d = event.data as { role: string; name: string; email: string; mobile: string };
        sink += readPersonal ? d.name.length + d.email.length + d.mobile.length : d.role.length;
      }
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / rows.length;
  };
  const best: Record<string, number> = {};
  const keep = (name: string, value: number) => (best[name] = Math.min(best[name] ?? Infinity, value));
  for (let round = 0; round < ROUNDS; round++) {
    keep('plain rows parsed, a plain field read', await run(plainRows, false, false));
    keep('sealed rows parsed, not opened', await run(sealedRows, false, false));
    keep('sealed rows parsed and opened, a plain field read', await run(sealedRows, true, false));
    keep('plain rows parsed, every personal field read', await run(plainRows, false, true));
    keep('sealed rows parsed and opened, every personal field read', await run(sealedRows, true, true));
  }
  if (sink === 0) console.log('(nothing read)');
  console.log(
    `${EVENTS.toLocaleString('en')} events of ${PERSONS.toLocaleString('en')} persons (values recur), this process's CPU µs an event, least of ${ROUNDS}:`,
  );
  for (const [name, value] of Object.entries(best)) console.log(`  ${name.padEnd(58)} ${value.toFixed(2)}`);
  const plain = best['plain rows parsed, a plain field read']!;
  console.log(
    `  the codec's own cost an event (opened, a plain field read, less the plain rows): ${(best['sealed rows parsed and opened, a plain field read']! - plain).toFixed(2)} µs`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
