/// <reference types="node" />
// What sealing personal fields costs: the same events, each with a person's e-mail,
// name and mobile, appended and replayed by @binaan/event-store on PostgreSQL with the personal data codec
// and without it, interleaved in rounds in this run. Goal: both rates within 10% of the plain store's.
// Run by hand: npm run bench:personal-data. Env: BENCH_ROUND_MS (1000), BENCH_ROUNDS (10), BENCH_WRITERS (8),
// BENCH_REPLAY_EVENTS (100000), BENCH_PERSONS (1000: keys in play), BENCH_REPLAY_ROUNDS (8), BENCH_POSTGRES_URL.
// BENCH_SAME_SIZE=1: the plain events carry a clear field as long as what sealing adds to an event (the
// seal's header, IV, tag and base64 over the values), so both stores hold rows of one size and the ratios
// show the codec's own cost apart from the larger rows (an analysis, not the goal's comparison).
// The data: PERSONS persons, each event one of them joining something with their e-mail, name and mobile,
// so a person's values repeat (100 events each at the defaults), as in the demo store, where a person's
// name and e-mail recur in dozens of events. BENCH_UNIQUE=1: every event's values are its own (the same
// persons and keys, no value ever repeats), the worst case for anything that remembers opened values.

import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FieldPersonalDataCodec,
  PostgresDatabase,
  SqlEventStore,
  SqlPersonalKeyStore,
  masterKeyFrom,
  migrate,
  type EventMetadataInput,
  type JsonObject,
  type PersonalDataDeclarations,
} from '@binaan/event-store';
import { fmtInt, interleaved, roundMedianRatio, seconds, table, type Subject } from './measure.js';
import { eventData, eventMetadata } from './payload.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const URL_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIMING = { warmupMs: 1000, ms: Number(process.env.BENCH_ROUND_MS ?? 1000), rounds: Number(process.env.BENCH_ROUNDS ?? 10) };
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const REPLAY = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const PERSONS = Number(process.env.BENCH_PERSONS ?? 1000);
/**
 * Replays of each store per kind, alternating (best of them): two left the noise of the shared cores in the ratio,
 * and three still did (the same build's plain replays swung from 8.0 to 12.2 µs an event within
 * one process; best of 3 gave the document event 76.7 %, best of 8 in the next run 88.6 %).
 */
const REPLAY_ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? 8);

const SAME_SIZE = process.env.BENCH_SAME_SIZE === '1';
const UNIQUE = process.env.BENCH_UNIQUE === '1';

/**
 * What is appended and read. `document` is the event-store bench with personal
 * fields in the appended events: the event-store bench's event and metadata (payload.ts), with a
 * delivery's driver name and contact, sealed as the documents context declares them
 * (`fields.driverName`, `fields.driverContact`). `member` is the worst case for sealing: a member joining
 * with their e-mail, name and mobile, half of its data personal (as identity's UserSignedUp).
 */
type Workload = {
  name: string;
  declarations: PersonalDataDeclarations;
  /** `padded`: a clear field as long as what sealing adds to this event (BENCH_SAME_SIZE). */
  event(n: number, padded: boolean): { type: string; data: JsonObject; metadata: EventMetadataInput };
  plainField(data: JsonObject): number;
  personalFields(data: JsonObject): number;
  /** What sealing adds to this workload's event data, in bytes of stored JSON (printed by each run). */
  sealOverhead: number;
};

/** The person of event n: PERSONS persons whose values recur, or (BENCH_UNIQUE) values of its own. */
const valueOf = (n: number) => (UNIQUE ? n : n % PERSONS);
const pad = (padded: boolean, bytes: number): JsonObject => (padded ? { pad: 'x'.repeat(bytes - 9) } : {});

const WORKLOADS: Record<string, Workload> = {
  document: {
    name: "document event (the event-store bench's) with a driver's name and contact",
    declarations: {
      DeliveryOrderDrafted: {
        subject: (data) => {
          const fields = data.fields as { driverId: string };
          return `driver.${fields.driverId}`;
        },
        fields: ['fields.driverName', 'fields.driverContact'],
      },
    },
    event(n, padded) {
      const v = valueOf(n);
      const fields = {
        driverId: `d${n % PERSONS}`,
        driverName: `Driver number ${v} bin Ahmad`,
        driverContact: `+6013${String(v).padStart(7, '0')}`,
        vehicleNo: 'WXY 1234',
      };
      return {
        type: 'DeliveryOrderDrafted',
        data: { ...eventData(`do-${n}`, n % 10), fields, ...pad(padded, this.sealOverhead) },
        metadata: eventMetadata(),
      };
    },
    plainField: (data) => (data.status as string).length,
    personalFields: (data) => {
      const fields = data.fields as { driverName: string; driverContact: string };
      return fields.driverName.length + fields.driverContact.length;
    },
    sealOverhead: 41, // measured: 456 bytes sealed against 415 plain (pd3; pd2 seals: 507)
  },
  member: {
    name: 'member joined (e-mail, name, mobile: half its data personal)',
    declarations: {
      MemberJoined: { subject: (data) => (typeof data.userId === 'string' ? data.userId : ''), fields: ['email', 'name', 'mobile'] },
    },
    event(n, padded) {
      const v = valueOf(n);
      return {
        type: 'MemberJoined',
        data: {
          userId: `user-${n % PERSONS}`,
          email: `person${v}@example.my`,
          name: `Person number ${v} bin Abdullah`,
          mobile: `+6012${String(v).padStart(7, '0')}`,
          role: 'site team',
          companyId: 'teguh-bina',
          ...pad(padded, this.sealOverhead),
        },
        metadata: { actorUserId: 'bench', actorCompanyId: 'teguh-bina' },
      };
    },
    plainField: (data) => (data.role as string).length,
    personalFields: (data) => (data.name as string).length + (data.email as string).length + (data.mobile as string).length,
    sealOverhead: 52, // measured: 212 against 160 (pd3; pd2 seals: 242)
  },
};

async function openStore(schema: string, declarations: PersonalDataDeclarations | null): Promise<SqlEventStore> {
  const db = await PostgresDatabase.open({ connectionString: URL_BASE, schema });
  await migrate(db, join(REPO, 'infra/migrations'));
  const personalData = declarations
    ? new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('bench master key')]))
    : undefined;
  return SqlEventStore.open(db, personalData ? { personalData } : {});
}

async function main(): Promise<void> {
  const chosen = process.env.BENCH_EVENT ? [process.env.BENCH_EVENT] : ['document', 'member'];
  for (const name of chosen) {
    const workload = WORKLOADS[name];
    if (!workload) throw new Error(`BENCH_EVENT: one of ${Object.keys(WORKLOADS).join(', ')}`);
    await run(workload);
  }
}

async function run(workload: Workload): Promise<void> {
  const event = (n: number, padded: boolean) => workload.event(n, padded);
  const stamp = Date.now().toString(36);
  const plain = await openStore(`bench_plain_${stamp}`, null);
  const sealed = await openStore(`bench_sealed_${stamp}`, workload.declarations);
  console.log(`\n== ${workload.name}`);
  const loops = (store: SqlEventStore, prefix: string) =>
    Array.from({ length: WRITERS }, (_, writer) => {
      let n = 0;
      return async () => {
        n++;
        await store.append({
          streamId: `${prefix}-${writer}-${n}`,
          streamType: 'bench',
          expectedRevision: 'no_stream',
          events: [event(writer * 1_000_000 + n, SAME_SIZE && store === plain)],
        });
        return 1;
      };
    });
  // The persons exist already (their keys were made when they signed up) and the process holds their keys
  // ("keys cached"): made through the sealed store's own key store. Made through a key
  // store of its own, as this bench did at first, the store's cache was cold for the timed rounds: nearly
  // every sealed append (1000 persons, ~1000 appends a run) read its key first, a round trip the plain
  // append never makes.
  const keys = sealed.personalKeys!;
  for (let person = 0; person < PERSONS; person++) {
    const { type, data } = event(person, false);
    await keys.dataKey(workload.declarations[type]!.subject(data, '')!, true);
  }
  const subjects: Subject[] = [
    { name: 'plain', loops: loops(plain, 'p') },
    { name: 'sealed', loops: loops(sealed, 's') },
  ];
  console.log(
    `data: ${PERSONS} persons, ${UNIQUE ? 'every value unique' : `each person's values repeated (${Math.round(REPLAY / PERSONS)} events a person in the replay)`}`,
  );
  console.log(`appends: ${WRITERS} writers, ${TIMING.rounds} rounds of ${TIMING.ms} ms, interleaved (load ${loadavg()[0]!.toFixed(1)})`);
  const rates = await interleaved(subjects, TIMING);
  // Fill both logs to the replay size with batches (not measured), then replay each twice, alternating.
  for (const [store, prefix] of [
    [plain, 'fp'],
    [sealed, 'fs'],
  ] as const) {
    for (let done = await store.lastPosition(); done < REPLAY; done += 100) {
      await store.append({
        streamId: `${prefix}-${done}`,
        streamType: 'bench',
        expectedRevision: 'any',
        events: Array.from({ length: 100 }, (_, i) => event(done + i, SAME_SIZE && store === plain)),
      });
    }
  }
  // A replay that reads a field every event has (as most projections do), and one that reads the
  // personal fields of every event (as a rebuild of the user directory does).
  let sink = 0;
  const replay = async (store: SqlEventStore, readPersonal: boolean) => {
    let events = 0;
    for await (const page of store.readAllPages({ limit: 1000 })) {
      for (const each of page.events) {
        sink += readPersonal ? workload.personalFields(each.data as JsonObject) : workload.plainField(each.data as JsonObject);
      }
      events += page.events.length;
      if (events >= REPLAY) break;
    }
    return events;
  };
  const replays: Record<string, number[]> = { plain: [], sealed: [], 'plain read': [], 'sealed read': [] };
  // This process's CPU per event (user + system, least of the rounds): what the codec costs here, which the load
  // other processes put on the shared cores hardly moves, unlike the rates. (The database's own work, the
  // larger rows of a sealed log, is not in it.)
  const cpu: Record<string, number[]> = { plain: [], sealed: [], 'plain read': [], 'sealed read': [] };
  for (let round = 0; round < REPLAY_ROUNDS; round++) {
    for (const readPersonal of [false, true]) {
      for (const [name, store] of (round % 2 === 0
        ? [
            ['plain', plain],
            ['sealed', sealed],
          ]
        : [
            ['sealed', sealed],
            ['plain', plain],
          ]) as [string, SqlEventStore][]) {
        const before = process.cpuUsage();
        const { result, seconds: s } = await seconds(() => replay(store, readPersonal));
        const used = process.cpuUsage(before);
        replays[readPersonal ? `${name} read` : name]!.push(result / s);
        cpu[readPersonal ? `${name} read` : name]!.push((used.user + used.system) / result);
      }
    }
  }
  if (sink === 0) console.log('(nothing read)');
  const size = async (store: SqlEventStore) =>
    Number((await store.db.query<{ bytes: string }>('SELECT avg(length(data::text))::int AS bytes FROM events'))[0]!.bytes);
  console.log(
    `stored data, bytes of JSON an event: plain ${await size(plain)}, sealed ${await size(sealed)} (load ${loadavg()[0]!.toFixed(1)})`,
  );
  const best = (name: string) => Math.max(...replays[name]!);
  const least = (name: string) => Math.min(...cpu[name]!);
  console.log(
    table(
      ['', 'plain', 'sealed', 'sealed / plain'],
      [
        [
          'appends/s (1 event each)',
          fmtInt(rates[0]!.events / rates[0]!.seconds),
          fmtInt(rates[1]!.events / rates[1]!.seconds),
          `${((rates[1]!.events / rates[1]!.seconds / (rates[0]!.events / rates[0]!.seconds)) * 100).toFixed(1)}% (round median ${(roundMedianRatio(rates[1]!, rates[0]!) * 100).toFixed(1)}%)`,
        ],
        [
          `replay events/s (${fmtInt(REPLAY)}, best of ${REPLAY_ROUNDS}), a plain field read`,
          fmtInt(best('plain')),
          fmtInt(best('sealed')),
          `${((best('sealed') / best('plain')) * 100).toFixed(1)}%`,
        ],
        [
          `replay events/s, every personal field read`,
          fmtInt(best('plain read')),
          fmtInt(best('sealed read')),
          `${((best('sealed read') / best('plain read')) * 100).toFixed(1)}%`,
        ],
        // The process's first replay of each store (JIT cold for both; for the sealed one no value opened yet): shown, not the goal's figure.
        [
          'first replay of each store (cold), a plain field read',
          fmtInt(replays.plain![0]!),
          fmtInt(replays.sealed![0]!),
          `${((replays.sealed![0]! / replays.plain![0]!) * 100).toFixed(1)}%`,
        ],
        [
          `replay, this process's CPU µs/event (least of ${REPLAY_ROUNDS}), a plain field read`,
          least('plain').toFixed(2),
          least('sealed').toFixed(2),
          `${((least('plain') / least('sealed')) * 100).toFixed(1)}% (plain / sealed)`,
        ],
        [
          "replay, this process's CPU µs/event, every personal field read",
          least('plain read').toFixed(2),
          least('sealed read').toFixed(2),
          `${((least('plain read') / least('sealed read')) * 100).toFixed(1)}% (plain / sealed)`,
        ],
      ],
    ),
  );
  for (const store of [plain, sealed]) {
    await store.db
      .script(`DROP SCHEMA IF EXISTS ${store === plain ? `bench_plain_${stamp}` : `bench_sealed_${stamp}`} CASCADE`)
      .catch(() => undefined);
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
