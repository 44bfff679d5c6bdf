// RFC 8785 (JSON Canonicalization Scheme) for the values the store accepts: keys sorted by UTF-16 code
// units, numbers and strings as ECMAScript's JSON.stringify writes them. The same bytes come out for the
// same value whatever the key order or the database's JSON round trip, so hashes can be recomputed.
//
// It also draws the line of what "JSON data" means here, and says where a value crosses it:
// no undefined in arrays, no functions, symbols, bigint, NaN or Infinity, no class instances (Date, Map),
// no NUL characters (PostgreSQL's jsonb cannot hold them), no lone surrogates, no cycles.
// Object properties whose value is undefined are left out, as JSON.stringify does.

import { InvalidEventStoreInput } from './errors.js';

const MAX_DEPTH = 64;

export function canonicalJson(value: unknown, field = 'data'): string {
  return write(value, field, 0, new Set());
}

function write(value: unknown, path: string, depth: number, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new InvalidEventStoreInput(path, `${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return writeString(value, path);
    case 'object':
      break;
    default:
      throw new InvalidEventStoreInput(path, `a ${typeof value} is not JSON`);
  }
  if (depth >= MAX_DEPTH) throw new InvalidEventStoreInput(path, `nested deeper than ${MAX_DEPTH} levels`);
  const object = value as object;
  if (seen.has(object)) throw new InvalidEventStoreInput(path, 'refers to itself (a cycle)');
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      const items = object.map((item: unknown, index) => {
        if (item === undefined) throw new InvalidEventStoreInput(`${path}[${index}]`, 'undefined is not JSON');
        return write(item, `${path}[${index}]`, depth + 1, seen);
      });
      return `[${items.join(',')}]`;
    }
    const prototype = Object.getPrototypeOf(object) as unknown;
    if (prototype !== Object.prototype && prototype !== null) {
      const name = (object as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      throw new InvalidEventStoreInput(path, `a ${name} is not plain JSON (convert it first)`);
    }
    const record = object as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    const members = keys.map(
      (key) => `${writeString(key, `${path}.${key}`)}:${write(record[key], `${path}.${key}`, depth + 1, seen)}`,
    );
    return `{${members.join(',')}}`;
  } finally {
    seen.delete(object);
  }
}

// Lone surrogates (a high not followed by a low, or a low alone) and NUL.
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function writeString(text: string, path: string): string {
  if (FORBIDDEN_CHARACTERS.test(text)) {
    throw new InvalidEventStoreInput(path, 'contains a NUL character or a lone surrogate');
  }
  return JSON.stringify(text);
}
