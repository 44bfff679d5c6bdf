// Personal fields sealed with a key per person, on both SQL stores: what is stored holds no clear text,
// readers (streams, the log, subscriptions, projections inline and rebuilt) see it in clear, the chains
// verify; once the person is forgotten every reader sees ERASED, the chains still verify, and a
// rebuild writes ERASED into the read models. A sealed value moved to another person does not open.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { PostgresDatabase } from '../postgres/postgres-database.js';
import { migrate } from '../sql/migrate.js';
import type { Projection } from '../sql/projections.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import type { StoredEvent } from '../types.js';
import { masterKeyFrom, sealBytes, sealBytesDeterministic } from './field-cipher.js';
import { FieldPersonalDataCodec } from './personal-data-codec.js';
import { ERASED, SEALED_PREFIX, type PersonalDataDeclarations } from './personal-data.js';
import { KEY_CACHE_MS, SqlPersonalKeyStore } from './sql-key-store.js';
import type { SqlExecutor } from '../sql/sql-database.js';

const url = process.env.TEST_DATABASE_URL;
const schemas: string[] = [];

const declarations: PersonalDataDeclarations = {
  PersonJoined: { subject: (data) => (typeof data.personId === 'string' ? data.personId : ''), fields: ['email', 'name', 'mobile'] },
  ContactEdited: {
    subject: (data) => (typeof data.personId === 'string' ? data.personId : ''),
    fields: ['fields.contact', 'fields.phone'],
  },
};

/** A read model of persons, as a directory would keep it. */
const people: Projection = {
  name: 'people',
  eventTypes: ['PersonJoined'],
  tables: ['people'],
  setupSql: 'CREATE TABLE IF NOT EXISTS people (person_id text PRIMARY KEY, email text, name text)',
  async apply(events, db) {
    for (const event of events) {
      const data = event.data as { personId: string; email: string; name: string };
      await db.query(
        'INSERT INTO people VALUES ($1, $2, $3) ON CONFLICT (person_id) DO UPDATE SET email = excluded.email, name = excluded.name',
        [data.personId, data.email, data.name],
      );
    }
  },
};

const databases: [string, () => Promise<SqlDatabase>][] = [
  ['PGlite', () => PGliteDatabase.open()],
  ...(url
    ? [
        [
          'PostgreSQL',
          () => {
            const schema = `personal_${randomBytes(5).toString('hex')}`;
            schemas.push(schema);
            return PostgresDatabase.open({ connectionString: url, schema });
          },
        ] as [string, () => Promise<SqlDatabase>],
      ]
    : []),
];

afterAll(async () => {
  if (!url || schemas.length === 0) return;
  const db = await PostgresDatabase.open({ connectionString: url });
  for (const schema of schemas) await db.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
});

const joined = (personId: string, name: string) => ({
  type: 'PersonJoined',
  data: { personId, email: `${name.toLowerCase()}@example.my`, name, mobile: '+60123456789', role: 'site team' },
});

// One database per store kind for the three cases (opening PGlite costs seconds on a loaded machine):
// each case has persons of its own.
describe.each(databases)('personal data on %s', (_name, open) => {
  let db: SqlDatabase;
  const stores: SqlEventStore[] = [];
  /** A store on the shared database, closed (its LISTEN connection with it) after the cases. */
  const storeOn = async (options: Parameters<typeof SqlEventStore.open>[1]): Promise<SqlEventStore> => {
    const store = await SqlEventStore.open(db, options);
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    db = await open();
    await migrate(db, MIGRATIONS_DIR);
  }, 120_000);
  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => undefined);
    await db.close().catch(() => undefined);
  });

  it('is stored sealed, read in clear, and erased for every reader once the person is forgotten; chains verify throughout', async () => {
    const keys = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]);
    const store = await storeOn({ projections: [people], personalData: new FieldPersonalDataCodec(declarations, keys) });
    const appended = await store.append({
      streamId: 'person-farid',
      streamType: 'person',
      expectedRevision: 'no_stream',
      events: [joined('farid', 'Farid')],
    });
    await store.append({ streamId: 'person-aina', streamType: 'person', expectedRevision: 'no_stream', events: [joined('aina', 'Aina')] });

    // The caller and the projection see the clear data; the role (not declared) stays in clear in the row.
    expect(appended.events[0]!.data).toMatchObject({ email: 'farid@example.my', name: 'Farid', mobile: '+60123456789' });
    // With its place in the log, as without sealing (the read models key on it).
    expect(appended.events[0]!.globalPosition).toBeGreaterThan(0);
    expect(await db.query('SELECT email, name FROM people WHERE person_id = $1', ['farid'])).toEqual([
      { email: 'farid@example.my', name: 'Farid' },
    ]);
    const raw = JSON.stringify(await db.query("SELECT * FROM events WHERE stream_id = 'person-farid'"));
    expect(raw).not.toContain('farid@example.my');
    expect(raw).not.toContain('Farid');
    expect(raw).not.toContain('123456789');
    // The fields by their places in the declaration (email, name, mobile: 0, 1, 2), not by name.
    expect(raw).toContain(`"_sealed":"${SEALED_PREFIX}farid:012:`);
    expect(raw).toContain('site team');

    // Every reader sees clear text.
    const byStream = await store.readStream('person-farid');
    expect(byStream[0]!.data).toMatchObject({ name: 'Farid', mobile: '+60123456789' });
    const log = await store.readAll();
    expect(log.events.map((event) => (event.data as { name: string }).name)).toEqual(['Farid', 'Aina']);
    expect((await store.verifyStream('person-farid')).ok).toBe(true);

    // Forgotten: the key is gone; streams, the log, a subscription and a rebuild all see ERASED; Aina is untouched.
    expect(await keys.forget('farid')).toBe(true);
    expect(await keys.forget('farid')).toBe(false);
    expect((await store.readStream('person-farid'))[0]!.data).toMatchObject({
      personId: 'farid',
      email: ERASED,
      name: ERASED,
      mobile: ERASED,
      role: 'site team',
    });
    expect((await store.readStream('person-aina'))[0]!.data).toMatchObject({ name: 'Aina' });
    const seen: StoredEvent[] = [];
    const subscription = store.subscribe({ name: 'watch', handler: async (events) => void seen.push(...events) });
    await subscription.caughtUp;
    await subscription.stop();
    expect(seen.map((event) => (event.data as { name: string }).name)).toEqual([ERASED, 'Aina']);
    await store.rebuild();
    expect(await db.query('SELECT person_id, email, name FROM people ORDER BY person_id')).toEqual([
      { person_id: 'aina', email: 'aina@example.my', name: 'Aina' },
      { person_id: 'farid', email: ERASED, name: ERASED },
    ]);
    expect((await store.verifyStream('person-farid')).ok).toBe(true);
    const keyRow = await db.query<{ wrapped_key: string | null; forgotten_at: unknown }>(
      'SELECT wrapped_key, forgotten_at FROM personal_data_keys WHERE subject_id = $1',
      ['farid'],
    );
    expect(keyRow[0]!.wrapped_key).toBeNull();
    expect(keyRow[0]!.forgotten_at).not.toBeNull();

    // A forgotten person never gets a key again: new events about them are stored as ERASED.
    const later = await store.append({
      streamId: 'person-farid',
      streamType: 'person',
      expectedRevision: 0,
      events: [joined('farid', 'Farid')],
    });
    expect(later.events[0]!.data).toMatchObject({ name: 'Farid' });
    expect((await store.readStream('person-farid'))[1]!.data).toMatchObject({ name: ERASED });
  }, 120_000);

  it('opens keys wrapped by an older master key after a rotation, and re-wraps them under the new one', async () => {
    const oldMaster = masterKeyFrom('old master');
    const newMaster = masterKeyFrom('new master');
    const store = await storeOn({ personalData: new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [oldMaster])) });
    await store.append({ streamId: 'person-lim', streamType: 'person', expectedRevision: 'no_stream', events: [joined('lim', 'Lim')] });
    const sealed = await storeOn({}).then((plain) => plain.readStream('person-lim'));
    // Only the new master: the old key does not open (a refusal, not garbage).
    await expect(new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [newMaster])).open(sealed)).rejects.toThrow(
      /not configured/,
    );
    // Both masters: it opens; re-wrapping moves the one key; then the new master alone opens it.
    const rotated = new SqlPersonalKeyStore(db, [newMaster, oldMaster]);
    expect((await new FieldPersonalDataCodec(declarations, rotated).open(sealed))[0]!.data).toMatchObject({ name: 'Lim' });
    // Every live key of the database is under the old master (the other cases' persons too): all move.
    const live = await db.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM personal_data_keys WHERE wrapped_key IS NOT NULL');
    expect(Number(live[0]!.n)).toBeGreaterThan(0);
    expect(await rotated.rewrapAll()).toBe(Number(live[0]!.n));
    expect((await new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [newMaster])).open(sealed))[0]!.data).toMatchObject({
      name: 'Lim',
      mobile: '+60123456789',
    });
  }, 120_000);

  it('opens its own sealed fields, not the same seal moved to another person or claiming other fields', async () => {
    const keys = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]);
    const codec = new FieldPersonalDataCodec(declarations, keys);
    const events = [{ type: 'PersonJoined', data: joined('kumar', 'Kumar').data as never }];
    await codec.seal('person-kumar', events);
    const sealed = (events[0]!.data as { _sealed: string })._sealed;
    expect(sealed).toMatch(/^pd3:kumar:012:[A-Za-z0-9_-]+$/);
    const at = (data: object) =>
      ({
        id: 'x',
        streamId: 's',
        streamType: 'person',
        revision: 0,
        globalPosition: 1,
        type: 'PersonJoined',
        prevHash: '',
        hash: '',
        metadata: { recordedAt: '' },
        data,
      }) as StoredEvent;
    expect((await codec.open([at({ personId: 'kumar', _sealed: sealed })]))[0]!.data).toEqual({
      personId: 'kumar',
      email: 'kumar@example.my',
      name: 'Kumar',
      mobile: '+60123456789',
    });
    await keys.dataKey('siti', true);
    // Under another person's id, or claiming other fields: the tag does not match.
    // (The seal opens when a field is first read: reading it throws.)
    const [asSiti] = await codec.open([at({ personId: 'siti', _sealed: sealed.replace('pd3:kumar:', 'pd3:siti:') })]);
    expect(() => (asSiti!.data as { name: string }).name).toThrow();
    // Fewer places (email and mobile only), or another event type whose places name other fields: the
    // associated data binds the names the places stand for.
    const [fewer] = await codec.open([at({ personId: 'kumar', _sealed: sealed.replace(':012:', ':02:') })]);
    expect(() => (fewer!.data as { email: string }).email).toThrow();
    const [otherType] = await codec.open([
      { ...at({ personId: 'kumar', fields: {}, _sealed: sealed.replace(':012:', ':01:') }), type: 'ContactEdited' },
    ]);
    expect(() => (otherType!.data as { fields: { contact: string } }).fields.contact).toThrow();
    // Places its type does not declare, or out of order: nothing is named, the seal stays as stored.
    for (const places of ['013', '021', '']) {
      const stored = sealed.replace(':012:', `:${places}:`);
      expect((await codec.open([at({ personId: 'kumar', _sealed: stored })]))[0]!.data).toEqual({ personId: 'kumar', _sealed: stored });
    }
    // One changed byte of the body, in the synthetic IV (which is the tag) or the ciphertext: refused. (Bytes,
    // not characters: base64url's last character may carry bits the decoder ignores.)
    const body = sealed.slice(sealed.lastIndexOf(':') + 1);
    const bytes = Buffer.from(body, 'base64url');
    for (const at2 of [0, 17, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[at2] = flipped[at2]! ^ 0x01;
      const changed = `${sealed.slice(0, sealed.length - body.length)}${flipped.toString('base64url')}`;
      const [read] = await codec.open([at({ personId: 'kumar', _sealed: changed })]);
      expect(() => (read!.data as { name: string }).name).toThrow();
    }
  }, 120_000);

  it("seals a person's same values to the same bytes, opens them once, drops what it opened when the key goes (here at once, elsewhere at the check), and still opens pd1 and pd2 seals", async () => {
    let now = Date.now();
    const keys = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')], () => now);
    const codec = new FieldPersonalDataCodec(declarations, keys);
    const sealOf = async (personId: string, name: string) => {
      const events = [{ type: 'PersonJoined', data: joined(personId, name).data as never }];
      await codec.seal(`person-${personId}`, events);
      return (events[0]!.data as { _sealed: string })._sealed;
    };
    const first = await sealOf('mei', 'Mei');
    // Equal only for the same values of the same person.
    expect(await sealOf('mei', 'Mei')).toBe(first);
    const renamed = await sealOf('mei', 'Mei Ling');
    expect(renamed).not.toBe(first);
    const other = await sealOf('nora', 'Mei');
    expect(other.slice(other.lastIndexOf(':'))).not.toBe(first.slice(first.lastIndexOf(':')));
    // The seals made are remembered (mei's two value sets, nora's one), and another codec, which makes
    // every seal itself, makes the same text.
    expect(codec.sealedValues.entries).toBe(3);
    const fresh = new FieldPersonalDataCodec(declarations, keys);
    const again = [{ type: 'PersonJoined', data: joined('mei', 'Mei').data as never }];
    await fresh.seal('person-mei', again);
    expect((again[0]!.data as { _sealed: string })._sealed).toBe(first);
    const at = (personId: string, sealed: string) =>
      ({
        id: 'x',
        streamId: 's',
        streamType: 'person',
        revision: 0,
        globalPosition: 1,
        type: 'PersonJoined',
        prevHash: '',
        hash: '',
        metadata: { recordedAt: '' },
        data: { personId, _sealed: sealed },
      }) as StoredEvent;
    const names = async (sealedBy: FieldPersonalDataCodec, seals: [string, string][]) =>
      (await sealedBy.open(seals.map(([personId, sealed]) => at(personId, sealed)))).map((event) => (event.data as { name: string }).name);
    // A seal is remembered at its second opening (values that never recur are not kept): mei's three
    // events leave one entry; nora's one event none, until it is read again.
    expect(
      await names(codec, [
        ['mei', first],
        ['mei', first],
        ['mei', first],
        ['nora', other],
      ]),
    ).toEqual(['Mei', 'Mei', 'Mei', 'Mei']);
    expect(codec.opened.entries).toBe(1);
    expect(await names(codec, [['nora', other]])).toEqual(['Mei']);
    expect(codec.opened.entries).toBe(2);
    // Another process opened mei's too; here she is forgotten: this codec drops her values at once.
    const elsewhere = new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('old master')], () => now));
    expect(
      await names(elsewhere, [
        ['mei', first],
        ['mei', first],
      ]),
    ).toEqual(['Mei', 'Mei']);
    expect(elsewhere.opened.entries).toBe(1);
    // Events opened before the erasure and read after it still open with the key they captured (as
    // before this cache); what they open is not kept (two openings of one seal, which would be).
    const inFlight = await codec.open([at('mei', renamed), at('mei', renamed)]);
    await keys.forget('mei');
    expect(codec.opened.entries).toBe(1);
    expect(codec.sealedValues.entries).toBe(1);
    expect(await sealOf('mei', 'Mei')).toBe('pd3:mei:012:');
    expect(inFlight.map((event) => (event.data as { name: string }).name)).toEqual(['Mei Ling', 'Mei Ling']);
    expect(codec.opened.entries).toBe(1);
    expect(
      await names(codec, [
        ['mei', first],
        ['nora', other],
      ]),
    ).toEqual([ERASED, 'Mei']);
    // The other process drops them at its check for erasures (as it marks the key destroyed), then reads ERASED.
    now += KEY_CACHE_MS;
    expect(await names(elsewhere, [['mei', first]])).toEqual(['Mei']);
    for (let wait = 0; wait < 100 && elsewhere.opened.entries > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(elsewhere.opened.entries).toBe(0);
    expect(await names(elsewhere, [['mei', first]])).toEqual([ERASED]);
    // A seal written before pd2 (a JSON object of the values, a random IV, the data key itself) still opens.
    const key = await keys.dataKey('nora', true);
    const pd1 = `pd1:nora:email,name:${sealBytes(key as Buffer, Buffer.from(JSON.stringify({ email: 'nora@example.my', name: 'Nora' })), 'nora:email,name').toString('base64url')}`;
    expect((await codec.open([at('nora', pd1)]))[0]!.data).toEqual({ personId: 'nora', email: 'nora@example.my', name: 'Nora' });
    // And one of pd2 (the names written out, AES-GCM under a synthetic IV), read twice (remembered at the second).
    const pd2 = `pd2:nora:email,name:${sealBytesDeterministic(key as Buffer, Buffer.from(JSON.stringify(['nora@example.my', 'Nora'])), 'pd2:nora:email,name').toString('base64url')}`;
    for (let time = 0; time < 3; time++)
      expect((await codec.open([at('nora', pd2)]))[0]!.data).toEqual({ personId: 'nora', email: 'nora@example.my', name: 'Nora' });
  }, 120_000);

  it("seals fields one level down (an edit's fields), leaving their neighbours in clear, and erases them once forgotten", async () => {
    const keys = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]);
    const store = await storeOn({ personalData: new FieldPersonalDataCodec(declarations, keys) });
    const edit = {
      type: 'ContactEdited',
      data: { personId: 'rahim', fields: { site: 'Menara A', contact: 'Rahim bin Ali', phone: '+60129990001' } },
    };
    const position = (await store.append({ streamId: 'site-rahim', streamType: 'site', expectedRevision: 'no_stream', events: [edit] }))
      .events[0]!.globalPosition;
    const raw = JSON.stringify(await db.query("SELECT * FROM events WHERE stream_id = 'site-rahim'"));
    expect(raw).not.toContain('Rahim');
    expect(raw).not.toContain('129990001');
    expect(raw).toContain('Menara A');
    expect(raw).toContain(`${SEALED_PREFIX}rahim:01:`);
    const [read] = await store.readStream('site-rahim');
    expect(read!.data).toEqual(edit.data);
    expect(JSON.parse(JSON.stringify(read!.data))).toEqual(edit.data);
    // Read twice more: the second opening is remembered, the third read is from the values this process
    // opened (plain fields, no getters), the same data, and the stored event untouched.
    expect((await store.readStream('site-rahim'))[0]!.data).toEqual(edit.data);
    const [again] = await store.readStream('site-rahim');
    expect(again!.data).toEqual(edit.data);
    expect(Object.getOwnPropertyDescriptor((again!.data as { fields: object }).fields, 'contact')).toMatchObject({
      value: 'Rahim bin Ali',
    });
    expect(JSON.stringify((await storeOn({}).then((plain) => plain.readStream('site-rahim')))[0]!.data)).not.toContain('Rahim');
    // The log's pages (on PostgreSQL read with each seal cut out of its row, the values written in place):
    // the same data in the same key order, read after read, and a page's data is its own (a reader that
    // writes to it changes no later read).
    // (Only this event's page: the other cases' persons are under other master keys.)
    const fromLog = async () => (await store.readAll({ after: position - 1, limit: 1 })).events[0]!;
    for (let read = 0; read < 3; read++) expect(JSON.stringify((await fromLog()).data)).toBe(JSON.stringify(again!.data));
    const page = await fromLog();
    (page.data as { fields: Record<string, string> }).fields.contact = 'changed by a reader';
    expect((await fromLog()).data).toEqual(edit.data);
    await keys.forget('rahim');
    expect((await fromLog()).data).toEqual({ personId: 'rahim', fields: { site: 'Menara A', contact: ERASED, phone: ERASED } });
    expect((await store.readStream('site-rahim'))[0]!.data).toEqual({
      personId: 'rahim',
      fields: { site: 'Menara A', contact: ERASED, phone: ERASED },
    });
    expect((await store.verifyStream('site-rahim')).ok).toBe(true);
  }, 120_000);
  it('opens a seal at once when a page meets it again (values as plain fields), finds it by its text after, and drops it at an erasure elsewhere even when the key is no longer held', async () => {
    let now = Date.now();
    const writer = new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]));
    const sealOf = async (personId: string, name: string) => {
      const events = [{ type: 'PersonJoined', data: joined(personId, name).data as never }];
      await writer.seal(`person-${personId}`, events);
      return (events[0]!.data as { _sealed: string })._sealed;
    };
    const zara = await sealOf('zara', 'Zara');
    const yusof = await sealOf('yusof', 'Yusof');
    const at = (personId: string, sealed: string) =>
      ({
        id: 'x',
        streamId: 's',
        streamType: 'person',
        revision: 0,
        globalPosition: 1,
        type: 'PersonJoined',
        prevHash: '',
        hash: '',
        metadata: { recordedAt: '' },
        data: { personId, role: 'site team', _sealed: sealed },
      }) as StoredEvent;
    const descriptor = (event: StoredEvent) => Object.getOwnPropertyDescriptor(event.data, 'name')!;
    const reader = new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('old master')], () => now));
    // Met once: a getter, nothing opened. Met again (zara): the values at once, as plain fields; then
    // remembered at the next opening, so later pages find them by the seal's text.
    const [first, second, third, once] = await reader.open([at('zara', zara), at('zara', zara), at('zara', zara), at('yusof', yusof)]);
    expect(typeof descriptor(first!).get).toBe('function');
    expect(descriptor(second!)).toMatchObject({ value: 'Zara', enumerable: true, writable: true });
    expect(descriptor(third!)).toMatchObject({ value: 'Zara' });
    expect(typeof descriptor(once!).get).toBe('function');
    expect(reader.opened.entries).toBe(1);
    const [later] = await reader.open([at('zara', zara)]);
    expect(descriptor(later!)).toMatchObject({ value: 'Zara' });
    expect(later!.data).toEqual({ personId: 'zara', role: 'site team', email: 'zara@example.my', name: 'Zara', mobile: '+60123456789' });
    expect((first!.data as { name: string }).name).toBe('Zara');
    // A seal that does not open (its body changed) is left to its getters: the error comes on reading, as before.
    const broken = `${yusof.slice(0, -6)}${yusof.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    const [, brokenAgain] = await reader.open([at('yusof', broken), at('yusof', broken)]);
    expect(() => (brokenAgain!.data as { name: string }).name).toThrow();
    // Another reader with the same remembered values but a key store that holds no key (a cache that
    // dropped it): zara is forgotten elsewhere; at its check that store tells of her anyway, so her values go.
    const cold = new FieldPersonalDataCodec(
      declarations,
      new SqlPersonalKeyStore(db, [masterKeyFrom('old master')], () => now),
      reader.opened,
    );
    expect(((await cold.open([at('zara', zara)]))[0]!.data as { name: string }).name).toBe('Zara');
    await new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]).forget('zara');
    now += KEY_CACHE_MS;
    await cold.open([at('yusof', yusof)]);
    for (let wait = 0; wait < 100 && reader.opened.entries > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reader.opened.entries).toBe(0);
    expect(((await cold.open([at('zara', zara)]))[0]!.data as { name: string }).name).toBe(ERASED);
  }, 120_000);

  it('opens on a page of the log an event whose data has a key that sorts before the seal (upper case), so the seal is not its first key', async () => {
    const keys = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]);
    const store = await storeOn({ personalData: new FieldPersonalDataCodec(declarations, keys) });
    const event = { type: 'PersonJoined', data: { Zone: 'A', ...joined('wafa', 'Wafa').data } };
    const position = (await store.append({ streamId: 'person-wafa', streamType: 'person', expectedRevision: 'no_stream', events: [event] }))
      .events[0]!.globalPosition;
    expect(JSON.stringify(await db.query("SELECT data FROM events WHERE stream_id = 'person-wafa'"))).not.toContain('Wafa');
    for (let read = 0; read < 3; read++)
      expect((await store.readAll({ after: position - 1, limit: 1 })).events[0]!.data).toEqual(event.data);
  }, 120_000);

  it("holds keys until they are destroyed: a page meets its missing keys in one round trip, and another process's erasure shows after the check", async () => {
    let now = Date.now();
    const writer = await storeOn({
      personalData: new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('old master')])),
    });
    for (const [id, name] of [
      ['hana', 'Hana'],
      ['iman', 'Iman'],
      ['jun', 'Jun'],
    ] as const) {
      await writer.append({ streamId: `person-${id}`, streamType: 'person', expectedRevision: 'no_stream', events: [joined(id, name)] });
    }
    const stored = [
      ...(await storeOn({}).then((plain) => plain.readStream('person-hana'))),
      ...(await storeOn({}).then((plain) => plain.readStream('person-iman'))),
      ...(await storeOn({}).then((plain) => plain.readStream('person-jun'))),
    ];
    // A cold reader: three persons' keys, one query.
    const here = new SqlPersonalKeyStore(db, [masterKeyFrom('old master')], () => now);
    const codec = new FieldPersonalDataCodec(declarations, here);
    let queries = 0;
    const counting: SqlExecutor = {
      query: (text, params, options) => (queries++, db.query(text, params, options)),
      script: (text) => db.script(text),
    };
    const names = async () => (await codec.open(stored, counting)).map((event) => (event.data as { name: string }).name);
    expect(await names()).toEqual(['Hana', 'Iman', 'Jun']);
    expect(queries).toBe(1);
    // Held: read again without a query, long after (keys are not read again on a timer).
    now += KEY_CACHE_MS / 2;
    expect(await names()).toEqual(['Hana', 'Iman', 'Jun']);
    expect(queries).toBe(1);
    // Forgotten by another process: still held here until the check is due, then ERASED.
    await new SqlPersonalKeyStore(db, [masterKeyFrom('old master')]).forget('iman');
    expect(await names()).toEqual(['Hana', 'Iman', 'Jun']);
    now += KEY_CACHE_MS;
    let seen = await names();
    for (let wait = 0; wait < 100 && seen[1] !== ERASED; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await names();
    }
    expect(seen).toEqual(['Hana', ERASED, 'Jun']);
  }, 120_000);
});
