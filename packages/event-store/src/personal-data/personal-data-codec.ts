// Seals and opens the declared personal fields of events with each person's data key (see personal-data.ts).
// A seal met for the first time opens when a reader first reads one of its personal fields (most
// projections never do); one met again is opened at once, as a person's values recur (a person's same
// values seal to the same bytes), and what was opened is remembered and found by the seal's text
// (opened-values.ts), so a replay pays about two AES-GCM operations per distinct value, and writes plain
// values into the rest. Keys this process already holds are used without a round trip
// (test/bench/event-store/personal-data.bench.ts measures it).

import { canonicalJson } from '../canonical-json.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { JsonObject, JsonValue, StoredEvent } from '../types.js';
import { openBytes, openBytesDeterministic, openBytesSiv, sealBytesSiv } from './field-cipher.js';
import { OpenedValues, stringOfItsOwn } from './opened-values.js';
import { SealedValues } from './sealed-values.js';
import {
  ERASED,
  FIELD_POSITIONS,
  SEALED_FIELD,
  SEALED_PREFIX,
  SEALED_PREFIX_LENGTH as PREFIX_LENGTH,
  sealVersionAt,
  type PersonalDataCodec,
  type PersonalDataDeclarations,
  type SealableEvent,
} from './personal-data.js';
import type { DataKey, PersonalKeyStore } from './sql-key-store.js';

const SUBJECT = /^[A-Za-z0-9_.-]{1,128}$/;
/** A seal's version: the digit of its prefix ("pd1:", "pd2:", "pd3:"). */
type SealVersion = Exclude<ReturnType<typeof sealVersionAt>, 0>;
/** The associated data: "pd1:" seals bound subject and names; later ones bind their prefix too (always the names written out, also where a "pd3:" seal stores positions). */
const aad = (version: SealVersion, subject: string, fields: string) =>
  version === 1 ? `${subject}:${fields}` : `pd${version}:${subject}:${fields}`;

export class FieldPersonalDataCodec implements PersonalDataCodec {
  /** What seals opened to in this process; a person's entries go when their key is destroyed. */
  readonly opened: OpenedValues;

  /** What this process sealed lately (a person's same values seal to the same text). */
  readonly sealedValues = new SealedValues();

  /** Per event type, a "pd3:" seal's field positions ("02") to the names they stand for ("email,mobile"); null: they stand for none. */
  private readonly namesByPositions = new Map<string, Map<string, string | null>>();

  constructor(
    private readonly declarations: PersonalDataDeclarations,
    readonly keys: PersonalKeyStore,
    opened = new OpenedValues(),
  ) {
    for (const [type, declared] of Object.entries(declarations))
      if (declared.fields.length > FIELD_POSITIONS.length)
        throw new Error(`${type} declares ${declared.fields.length} personal fields; a seal names ${FIELD_POSITIONS.length} at most`);
    this.opened = opened;
    keys.onForgotten?.((subject) => {
      opened.forget(subject);
      this.sealedValues.forget(subject);
    });
    opened.stillHeld = (subject, key) => keys.cached(subject) === key;
  }

  async seal(streamId: string, events: SealableEvent[]): Promise<JsonValue[] | null> {
    let plain: JsonValue[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const declared = this.declarations[event.type];
      if (!declared || !isObject(event.data)) continue;
      // The fields present, their values (in the declaration's order) and their positions in it (what the seal stores of their names).
      const fields: string[] = [];
      const values: JsonValue[] = [];
      let positions = '';
      for (let at = 0; at < declared.fields.length; at++) {
        const value = valueAt(event.data, declared.fields[at]!);
        if (value === undefined || value === null) continue;
        fields.push(declared.fields[at]!);
        values.push(value);
        positions += FIELD_POSITIONS[at]!;
      }
      if (fields.length === 0) continue;
      const subject = declared.subject(event.data, streamId);
      if (subject === null) continue;
      if (!SUBJECT.test(subject)) throw new Error(`personal data subject "${subject}" of ${event.type} is not an id`);
      const key = this.keys.cached(subject) ?? (await this.keys.dataKey(subject, true));
      // The data without those fields (a new object, and a new one for each nested object that held one:
      // `delete` on a copy turned both into slow dictionaries, which the canonical JSON then walked).
      const sealed = withoutFields(event.data, fields);
      // The names the positions stand for, as the readers expand them (one string per list, not a join per event).
      const names = this.namesAt(event.type, positions, 0, positions.length) ?? fields.join(',');
      if (key === 'forgotten' || key === null) sealed[SEALED_FIELD] = `${SEALED_PREFIX}${subject}:${positions}:`;
      else {
        const plaintext = JSON.stringify(values);
        const body =
          this.sealedValues.get(key, names, plaintext) ??
          this.sealedValues.set(
            subject,
            key,
            names,
            plaintext,
            sealBytesSiv(key, Buffer.from(plaintext, 'utf8'), aad(3, subject, names)).toString('base64url'),
          );
        sealed[SEALED_FIELD] = `${SEALED_PREFIX}${subject}:${positions}:${body}`;
      }
      plain ??= events.map((each) => each.data);
      event.data = sealed;
      if (event.dataJson !== undefined) event.dataJson = canonicalJson(sealed, 'data');
    }
    return plain;
  }

  async open(events: StoredEvent[], via?: SqlExecutor, apart?: readonly (string | null)[]): Promise<StoredEvent[]> {
    // Nearly every event of a replay carries a seal opened before (a person's values recur): found by its
    // whole text, its values go in and that is all. Only the others need their subject and key; the keys
    // this process does not hold yet are read in one round trip for the page, not one per person.
    this.keys.checkWhenDue?.();
    let copied: StoredEvent[] | null = null;
    /** The events whose seal was not remembered: `inPlace` when it was cut out of the page's own data. */
    let rest: { index: number; sealed: string; inPlace: boolean; subject: string; key: DataKey | undefined }[] | null = null;
    let missing: Set<string> | null = null;
    for (let index = 0; index < events.length; index++) {
      // Read with the seals apart, each was cut out of its data (null: any is still in it); else each is in its data.
      const cut = apart?.[index];
      const inPlace = typeof cut === 'string';
      const sealed = inPlace ? cut : sealedOf(events[index]!.data);
      if (sealed === null) continue;
      const remembered = this.opened.bySealText(sealed);
      if (remembered === undefined) {
        const subject = sealed.slice(PREFIX_LENGTH, sealed.indexOf(':', PREFIX_LENGTH));
        const key = this.keys.cached(subject);
        if (key === undefined) (missing ??= new Set()).add(subject);
        (rest ??= []).push({ index, sealed, inPlace, subject, key });
        continue;
      }
      const event = events[index]!;
      // The page's own data, its seal cut out: the values go in place (no copy, no new event). Else a copy.
      if (inPlace) writeValues(event.data as JsonObject, remembered);
      else (copied ??= events.slice())[index] = { ...event, data: withValues(event.data as JsonObject, remembered) };
    }
    if (rest === null) return copied ?? events;
    const fetched = missing ? await this.keys.dataKeys([...missing], via) : null;
    let lastNames = '';
    for (const { index, sealed, inPlace, subject, key: held } of rest) {
      const event = events[index]!;
      const key = held ?? fetched?.get(subject) ?? null;
      const namesStart = PREFIX_LENGTH + subject.length + 1;
      const namesEnd = sealed.indexOf(':', namesStart);
      const version = sealVersionAt(sealed, 0) as SealVersion;
      let names: string;
      if (version === 3) {
        const named = this.namesAt(event.type, sealed, namesStart, namesEnd);
        if (named === null) {
          // Positions its type does not declare (a declaration changed against the rule): nothing can be named; the seal stays in the data, unopened.
          if (inPlace) (event.data as JsonObject)[SEALED_FIELD] = stringOfItsOwn(sealed);
          continue;
        }
        names = named;
      } else if (inPlace) {
        // The names of the seal before it when they are the same (a page holds a handful of lists): no new string.
        names =
          namesEnd - namesStart === lastNames.length && sealed.startsWith(lastNames, namesStart)
            ? lastNames
            : (lastNames = sealed.slice(namesStart, namesEnd));
      } else names = sealed.slice(namesStart, namesEnd);
      // Met before (a person's values recur): opened now and remembered, so the next ones are found by their
      // text, which costs a replay far less than getters on every event that carries them. Met for the first
      // time: the fields open when first read (getters), and most projections never read them.
      const values =
        version !== 1 && key instanceof Buffer && !this.opened.firstMeetingAt(sealed, namesEnd + 1)
          ? openedNow(version, key, subject, names, sealed, namesEnd + 1, this.opened)
          : null;
      if (values !== null) {
        if (inPlace) writeValues(event.data as JsonObject, values);
        else (copied ??= events.slice())[index] = { ...event, data: withValues(event.data as JsonObject, values) };
        continue;
      }
      if (inPlace) {
        // The seal was cut out of the row's text, so it and its subject are slices of the whole row: the Seal,
        // which lives as long as the event's data, keeps copies instead (a page's rows are not kept alive).
        const own = stringOfItsOwn(sealed);
        addLazyFields(event.data as JsonObject, {
          version,
          key,
          subject: own.slice(PREFIX_LENGTH, PREFIX_LENGTH + subject.length),
          names,
          text: own,
          bodyStart: namesEnd + 1,
          values: null,
          opened: this.opened,
        });
        continue;
      }
      const data = withLazyFields(event.data as JsonObject, {
        version,
        key,
        subject,
        names,
        text: sealed,
        bodyStart: namesEnd + 1,
        values: null,
        opened: this.opened,
      });
      (copied ??= events.slice())[index] = { ...event, data };
    }
    return copied ?? events;
  }

  /** The names a "pd3:" seal's positions (text[start, end)) stand for in its event type's declaration, or null. */
  private namesAt(type: string, text: string, start: number, end: number): string | null {
    let byPositions = this.namesByPositions.get(type);
    if (byPositions === undefined) this.namesByPositions.set(type, (byPositions = new Map<string, string | null>()));
    const positions = text.slice(start, end);
    let names = byPositions.get(positions);
    if (names === undefined) {
      names = namesOfPositions(this.declarations[type]?.fields, positions);
      // Bounded: positions come from the declarations, but a hand-edited log could hold any.
      if (byPositions.size < 1000) byPositions.set(positions, names);
    }
    return names;
  }
}

/** "02" against [email, name, mobile]: "email,mobile"; null unless each position is declared and they rise. */
function namesOfPositions(fields: readonly string[] | undefined, positions: string): string | null {
  if (fields === undefined || positions === '') return null;
  const names: string[] = [];
  let last = -1;
  for (const character of positions) {
    const at = FIELD_POSITIONS.indexOf(character);
    if (at <= last || at >= fields.length) return null;
    names.push(fields[at]!);
    last = at;
  }
  return names.join(',');
}

/** A "pd2:" or "pd3:" seal's values opened at once, or null when it does not open (the reader then meets the error on reading a field, as before). */
function openedNow(
  version: SealVersion,
  key: Buffer,
  subject: string,
  names: string,
  sealed: string,
  bodyStart: number,
  opened: OpenedValues,
): Readonly<JsonObject> | null {
  try {
    return openSeal({ version, key, subject, names, text: sealed, bodyStart, values: null, opened });
  } catch {
    return null;
  }
}

function sealedOf(data: JsonValue): string | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const sealed = data[SEALED_FIELD];
  return typeof sealed === 'string' && sealVersionAt(sealed, 0) !== 0 ? sealed : null;
}

/** One event's seal, kept on its opened data (and on a nested object holding a field of it) until a field is read. */
/** `text`: the whole seal; its body (base64url) from `bodyStart`, cut out only when the seal is opened. */
/** `names`: written out ("email,name"), also for a "pd3:" seal, whose text holds their positions. */
type Seal = {
  version: SealVersion;
  key: DataKey | null;
  subject: string;
  names: string;
  text: string;
  bodyStart: number;
  values: Readonly<JsonObject> | null;
  opened: OpenedValues;
};
const SEAL = Symbol('seal');
type Sealed = JsonObject & { [SEAL]: Seal };

function openSeal(seal: Seal): Readonly<JsonObject> {
  const { key, subject, names } = seal;
  const body = seal.text.slice(seal.bodyStart);
  if (key === null || key === 'forgotten' || body === '') return Object.fromEntries(names.split(',').map((field) => [field, ERASED]));
  if (seal.version === 1)
    return JSON.parse(openBytes(key, Buffer.from(body, 'base64url'), aad(1, subject, names)).toString('utf8')) as JsonObject;
  const remembered = seal.opened.get(key, names, body);
  if (remembered !== undefined) return remembered;
  const bytes = Buffer.from(body, 'base64url');
  const list = JSON.parse(
    (seal.version === 3
      ? openBytesSiv(key, bytes, aad(3, subject, names))
      : openBytesDeterministic(key, bytes, aad(2, subject, names))
    ).toString('utf8'),
  ) as JsonValue[];
  const fields = names.split(',');
  if (!Array.isArray(list) || list.length !== fields.length)
    throw new Error(`a sealed value of ${subject} does not hold its ${fields.length} fields`);
  const values: JsonObject = {};
  for (let index = 0; index < fields.length; index++) values[fields[index]!] = list[index]!;
  seal.opened.set(seal.text, subject, key, names, seal.bodyStart, values);
  return values;
}

/**
 * The getter and setter of one declared field, shared by every event (`this` is the object read): a
 * closure per field per event made replays allocate, and redefining the parsed object's own properties
 * turned each into a slow dictionary object. A field written to becomes a plain value.
 */
const accessors = new Map<string, PropertyDescriptor>();
function accessorFor(path: string, field: string): PropertyDescriptor {
  let accessor = accessors.get(path);
  if (!accessor) {
    accessor = {
      enumerable: true,
      configurable: true,
      get(this: Sealed) {
        const seal = this[SEAL];
        return (seal.values ??= openSeal(seal))[path];
      },
      set(this: Sealed, value: JsonValue) {
        Object.defineProperty(this, field, { value, writable: true, enumerable: true, configurable: true });
      },
    };
    accessors.set(path, accessor);
  }
  return accessor;
}

/**
 * A new object with the stored data's fields but the seal, and the personal fields as enumerable getters
 * that open the seal on first read (spread, JSON.stringify and property reads all see the values). The
 * seal rides along as a symbol property that is not enumerable (spread, JSON and equality never see it).
 */
function withLazyFields(stored: JsonObject, seal: Seal): JsonObject {
  const data = ownCopy(stored, seal.names.split(','));
  addLazyFields(data, seal);
  return data;
}

/** The personal fields as getters that open the seal on first read, defined on data the reader owns and that holds no seal (ownCopy, or a page read with its seals apart). */
function addLazyFields(data: JsonObject, seal: Seal): void {
  Object.defineProperty(data, SEAL, { value: seal });
  for (const { parent: parentName, field, accessor } of fieldsNamed(seal.names)) {
    if (parentName === null) {
      Object.defineProperty(data, field, accessor);
      continue;
    }
    const parent = data[parentName];
    if (parent === undefined || parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
    if (!Object.prototype.hasOwnProperty.call(parent, SEAL)) Object.defineProperty(parent, SEAL, { value: seal });
    Object.defineProperty(parent, field, accessor);
  }
}

/** A seal's field names, split once per distinct list (a log holds a handful): where each goes and its getter. */
type FieldPlace = { parent: string | null; field: string; accessor: PropertyDescriptor };
const placesByNames = new Map<string, FieldPlace[]>();
function fieldsNamed(names: string): FieldPlace[] {
  let places = placesByNames.get(names);
  if (places === undefined) {
    places = names.split(',').map((path) => {
      const dot = path.indexOf('.');
      return dot < 0
        ? { parent: null, field: path, accessor: accessorFor(path, path) }
        : { parent: path.slice(0, dot), field: path.slice(dot + 1), accessor: accessorFor(path, path.slice(dot + 1)) };
    });
    // Bounded: names come from the declarations, but a hand-edited log could hold any.
    if (placesByNames.size < 1000) placesByNames.set(names, places);
  }
  return places;
}

/** The stored data's fields but the seal, and the personal fields with these values (in the order withLazyFields gives them). */
function withValues(stored: JsonObject, values: Readonly<JsonObject>): JsonObject {
  // The values hold exactly the names' fields, in their order (openSeal).
  const data = ownCopy(stored, Object.keys(values));
  writeValues(data, values);
  return data;
}

/**
 * The stored data without its seal, as the reader's own to write personal fields into: its top level
 * copied, and each nested object a field of `paths` sits in ("fields.siteContactPerson") copied too, so
 * nothing another reader holds is ever written.
 */
function ownCopy(stored: JsonObject, paths: readonly string[]): JsonObject {
  const data: JsonObject = {};
  for (const name in stored) if (name !== SEALED_FIELD) data[name] = stored[name]!;
  for (const path of paths) {
    const dot = path.indexOf('.');
    if (dot < 0) continue;
    const parentName = path.slice(0, dot);
    const parent = data[parentName];
    if (parent !== undefined && isObject(parent) && parent === stored[parentName]) data[parentName] = { ...parent };
  }
  return data;
}

/** The personal fields written into data the reader owns (ownCopy, or a page read with its seals apart), in the values' order. */
function writeValues(data: JsonObject, values: Readonly<JsonObject>): void {
  for (const path in values) {
    const place = placeOf(path);
    if (place.parent === null) {
      data[path] = values[path]!;
      continue;
    }
    const parent = data[place.parent];
    if (parent === undefined || parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
    parent[place.field] = values[path]!;
  }
}

/** A declared path split once ("fields.driverName": parent "fields", field "driverName"): cutting it per event made new keys to look up. */
const placesByPath = new Map<string, { parent: string | null; field: string }>();
function placeOf(path: string): { parent: string | null; field: string } {
  let place = placesByPath.get(path);
  if (place === undefined) {
    const dot = path.indexOf('.');
    place = dot < 0 ? { parent: null, field: path } : { parent: path.slice(0, dot), field: path.slice(dot + 1) };
    // Bounded: paths come from the declarations, but a hand-edited log could hold any.
    if (placesByPath.size < 1000) placesByPath.set(path, place);
  }
  return place;
}

/** A top-level field ("email") or a field of a top-level object ("fields.siteContactPerson"). */
function valueAt(data: JsonObject, path: string): JsonValue | undefined {
  const dot = path.indexOf('.');
  if (dot < 0) return data[path];
  const parent = data[path.slice(0, dot)];
  return parent !== undefined && isObject(parent) ? parent[path.slice(dot + 1)] : undefined;
}

/**
 * A new object with `data`'s fields but those at `paths` (top-level, "email", or one level down,
 * "fields.mobile"); each nested object that held one is a new object too, so nothing the caller holds is changed.
 */
function withoutFields(data: JsonObject, paths: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const name in data) {
    let nested: string[] | null = null;
    let dropped = false;
    for (const path of paths) {
      const place = placeOf(path);
      if (place.parent === null) dropped ||= path === name;
      else if (place.parent === name) (nested ??= []).push(place.field);
    }
    if (dropped) continue;
    const value = data[name]!;
    if (nested === null || !isObject(value)) {
      result[name] = value;
      continue;
    }
    const copy: JsonObject = {};
    for (const field in value) if (!nested.includes(field)) copy[field] = value[field]!;
    result[name] = copy;
  }
  return result;
}

function isObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
