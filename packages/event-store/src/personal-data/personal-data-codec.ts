// Seals and opens the declared personal fields of events with each person's data key (see personal-data.ts).
// One AES-GCM operation per event, made only when a reader first reads one of its personal fields (most
// projections never do), and keys this process already holds are used without a round trip: a replay of
// sealed events costs little more than of plain ones (test/bench/event-store/personal-data.bench.ts).

import { canonicalJson } from '../canonical-json.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { JsonObject, JsonValue, StoredEvent } from '../types.js';
import { openBytes, sealBytes } from './field-cipher.js';
import { ERASED, SEALED_FIELD, SEALED_PREFIX, type PersonalDataCodec, type PersonalDataDeclarations, type SealableEvent } from './personal-data.js';
import type { DataKey, PersonalKeyStore } from './sql-key-store.js';

const SUBJECT = /^[A-Za-z0-9_.-]{1,128}$/;
const aad = (subject: string, fields: string) => `${subject}:${fields}`;

export class FieldPersonalDataCodec implements PersonalDataCodec {
  constructor(private readonly declarations: PersonalDataDeclarations, readonly keys: PersonalKeyStore) {}

  async seal(streamId: string, events: SealableEvent[]): Promise<JsonValue[] | null> {
    let plain: JsonValue[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const declared = this.declarations[event.type];
      if (!declared || !isObject(event.data)) continue;
      const fields = declared.fields.filter((field) => { const value = valueAt(event.data as JsonObject, field); return value !== undefined && value !== null; });
      if (fields.length === 0) continue;
      const subject = declared.subject(event.data, streamId);
      if (subject === null) continue;
      if (!SUBJECT.test(subject)) throw new Error(`personal data subject "${subject}" of ${event.type} is not an id`);
      const key = this.keys.cached(subject) ?? (await this.keys.dataKey(subject, true));
      const sealed: JsonObject = { ...event.data };
      const values: JsonObject = {};
      for (const field of fields) values[field] = takeAt(sealed, field);
      const names = fields.join(',');
      sealed[SEALED_FIELD] = key === 'forgotten' || key === null
        ? `${SEALED_PREFIX}${subject}:${names}:`
        : `${SEALED_PREFIX}${subject}:${names}:${sealBytes(key, Buffer.from(JSON.stringify(values), 'utf8'), aad(subject, names)).toString('base64url')}`;
      plain ??= events.map((each) => each.data);
      event.data = sealed;
      if (event.dataJson !== undefined) event.dataJson = canonicalJson(sealed, 'data');
    }
    return plain;
  }

  async open(events: StoredEvent[], via?: SqlExecutor): Promise<StoredEvent[]> {
    let opened: StoredEvent[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const data = event.data;
      if (!isObject(data)) continue;
      const sealed = data[SEALED_FIELD];
      if (typeof sealed !== 'string' || !sealed.startsWith(SEALED_PREFIX)) continue;
      const [subject, names, body] = splitSealed(sealed);
      const key = this.keys.cached(subject) ?? (await this.keys.dataKey(subject, false, via));
      opened ??= events.slice();
      opened[index] = { ...event, data: withLazyFields(withoutSealed(data), names, () => openFields(key, subject, names, body)) };
    }
    return opened ?? events;
  }
}

function splitSealed(sealed: string): [subject: string, names: string, body: string] {
  const first = sealed.indexOf(':', SEALED_PREFIX.length);
  const second = sealed.indexOf(':', first + 1);
  return [sealed.slice(SEALED_PREFIX.length, first), sealed.slice(first + 1, second), sealed.slice(second + 1)];
}

function openFields(key: DataKey | null, subject: string, names: string, body: string): JsonObject {
  if (key === null || key === 'forgotten' || body === '') return Object.fromEntries(names.split(',').map((field) => [field, ERASED]));
  return JSON.parse(openBytes(key, Buffer.from(body, 'base64url'), aad(subject, names)).toString('utf8')) as JsonObject;
}

/**
 * The personal fields as enumerable getters that open the seal on first read (spread, JSON.stringify and
 * property reads all see the values); a field written to becomes a plain value.
 */
function withLazyFields(data: JsonObject, names: string, open: () => JsonObject): JsonObject {
  let opened: JsonObject | null = null;
  for (const path of names.split(',')) {
    const dot = path.indexOf('.');
    let holder = data;
    let field = path;
    if (dot > 0) {
      // A field of a nested object (one level: "fields.siteContactPerson"): the object is copied, so the
      // getter never lands on an object another reader holds.
      const parent = data[path.slice(0, dot)];
      if (!isObject(parent ?? null)) continue;
      holder = data[path.slice(0, dot)] = { ...(parent as JsonObject) };
      field = path.slice(dot + 1);
    }
    const target = holder;
    Object.defineProperty(target, field, {
      enumerable: true,
      configurable: true,
      get: () => (opened ??= open())[path],
      set: (value: JsonValue) => Object.defineProperty(target, field, { value, writable: true, enumerable: true, configurable: true }),
    });
  }
  return data;
}

/** A top-level field ("email") or a field of a top-level object ("fields.siteContactPerson"). */
function valueAt(data: JsonObject, path: string): JsonValue | undefined {
  const dot = path.indexOf('.');
  if (dot < 0) return data[path];
  const parent = data[path.slice(0, dot)];
  return parent !== undefined && isObject(parent) ? parent[path.slice(dot + 1)] : undefined;
}

/** Removes the field at `path` from `data` (copying the nested object it sits in) and returns its value. */
function takeAt(data: JsonObject, path: string): JsonValue {
  const dot = path.indexOf('.');
  if (dot < 0) {
    const value = data[path]!;
    delete data[path];
    return value;
  }
  const parent = { ...(data[path.slice(0, dot)] as JsonObject) };
  data[path.slice(0, dot)] = parent;
  const value = parent[path.slice(dot + 1)]!;
  delete parent[path.slice(dot + 1)];
  return value;
}

function withoutSealed(data: JsonObject): JsonObject {
  const { [SEALED_FIELD]: _sealed, ...rest } = data;
  return rest;
}

function isObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
