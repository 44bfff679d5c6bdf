// RFC 8785 (JSON Canonicalization Scheme) for the values the store accepts: keys sorted by UTF-16 code
// units, numbers and strings as ECMAScript's JSON.stringify writes them. The same bytes come out for the
// same value whatever the key order or the database's JSON round trip, so hashes can be recomputed.
//
// It also draws the line of what "JSON data" means here, and says where a value crosses it:
// no undefined in arrays, no functions, symbols, bigint, NaN or Infinity, no class instances (Date, Map),
// no NUL characters (PostgreSQL cannot hold them), no lone surrogates, no cycles.
// Object properties whose value is undefined are left out, as JSON.stringify does.
//
// Every append runs this over every event, so the happy path does no more than it must: no path strings
// are built while walking (a refusal collects its path on the way out), keys are sorted only when they
// are out of order, and a string is only searched for lone surrogates when it holds a surrogate at all.
// (JSON.stringify with the sorted keys as its property list is no faster, and it reads inherited
// properties: a "__proto__" key of one object would be written into every other.)

import { InvalidEventStoreInput } from './errors.js';

const MAX_DEPTH = 64;

export function canonicalJson(value: unknown, field = 'data'): string {
  // Plain JSON (most values) goes through JSON.stringify, one native call, after its objects are put in
  // key order (a copy only of those that are not): about 3x faster than the walk below. JSON.stringify
  // escapes NUL, lone surrogates and other control characters as \uXXXX: any "\u" in its output sends
  // the value the careful way, which writes it or says what is wrong with it.
  const ordered = inKeyOrder(value, 0);
  if (ordered !== NOT_PLAIN) {
    const text = JSON.stringify(ordered);
    if (!text.includes('\\u')) return text;
  }
  try {
    return write(value, 0, new Set());
  } catch (error) {
    if (error instanceof Refusal) throw new InvalidEventStoreInput(field + error.path.reverse().join(''), error.reason);
    throw error;
  }
}

const NOT_PLAIN = Symbol('not plain JSON');

/**
 * The value with every object's keys in sorted order (the value itself when they are already), so that
 * JSON.stringify writes its canonical form; NOT_PLAIN for anything the careful walk must look at: not
 * JSON (functions, undefined in arrays, NaN, class instances, cycles: depth runs out), an undefined member
 * (left out), a toJSON to call, and keys JavaScript would not keep in the order given (array-index-like
 * keys go first whatever their order; "__proto__" is not a plain property on a new object).
 */
function inKeyOrder(value: unknown, depth: number): unknown {
  if (value === null) return value;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (depth >= MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    if ((value as { toJSON?: unknown }).toJSON !== undefined) return NOT_PLAIN;
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === undefined) return NOT_PLAIN;
      const ordered = inKeyOrder(item, depth + 1);
      if (ordered === NOT_PLAIN) return NOT_PLAIN;
      if (ordered !== item && !copy) copy = value.slice(0, index);
      if (copy) copy.push(ordered);
    }
    return copy ?? value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let sorted = true;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const first = key.charCodeAt(0);
    if ((first >= 48 && first <= 57) || key === '__proto__') return NOT_PLAIN;
    if (index > 0 && keys[index - 1]! > key) sorted = false;
  }
  if (!sorted) keys.sort();
  let changed = !sorted;
  const members: unknown[] = new Array(keys.length);
  for (let index = 0; index < keys.length; index++) {
    const member = record[keys[index]!];
    if (member === undefined) return NOT_PLAIN;
    const ordered = inKeyOrder(member, depth + 1);
    if (ordered === NOT_PLAIN) return NOT_PLAIN;
    if (ordered !== member) changed = true;
    members[index] = ordered;
  }
  if (!changed) return value;
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index++) copy[keys[index]!] = members[index];
  return copy;
}

/** A value out of bounds; `path` grows by one segment per level it passes on the way out. */
class Refusal {
  readonly path: string[] = [];
  constructor(readonly reason: string) {}
}

function write(value: unknown, depth: number, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Refusal(`${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return writeString(value);
    case 'object':
      break;
    default:
      throw new Refusal(`a ${typeof value} is not JSON`);
  }
  if (depth >= MAX_DEPTH) throw new Refusal(`nested deeper than ${MAX_DEPTH} levels`);
  const object = value;
  if (seen.has(object)) throw new Refusal('refers to itself (a cycle)');
  seen.add(object);
  const text = Array.isArray(object) ? writeArray(object, depth, seen) : writeObject(object, depth, seen);
  seen.delete(object);
  return text;
}

function writeArray(items: readonly unknown[], depth: number, seen: Set<object>): string {
  let text = '[';
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    try {
      if (item === undefined) throw new Refusal('undefined is not JSON');
      text += (index === 0 ? '' : ',') + write(item, depth + 1, seen);
    } catch (error) {
      if (error instanceof Refusal) error.path.push(`[${index}]`);
      throw error;
    }
  }
  return text + ']';
}

function writeObject(object: object, depth: number, seen: Set<object>): string {
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    const name = (object as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new Refusal(`a ${name} is not plain JSON (convert it first)`);
  }
  const record = object as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!isSorted(keys)) keys.sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    try {
      text += (first ? '' : ',') + writeString(key) + ':' + write(member, depth + 1, seen);
    } catch (error) {
      if (error instanceof Refusal) error.path.push(`.${key}`);
      throw error;
    }
    first = false;
  }
  return text + '}';
}

/** Default sort order (UTF-16 code units), as RFC 8785 asks; many objects are written in order already. */
function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused here, on purpose
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;
// Lone surrogates (a high not followed by a low, or a low alone) and NUL.
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function writeString(text: string): string {
  if (NUL_OR_SURROGATE.test(text) && FORBIDDEN_CHARACTERS.test(text)) {
    throw new Refusal('contains a NUL character or a lone surrogate');
  }
  return JSON.stringify(text);
}
