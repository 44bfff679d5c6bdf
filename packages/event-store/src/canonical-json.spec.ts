import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json.js';
import { InvalidEventStoreInput } from './errors.js';

/** The textbook reading of RFC 8785 for plain JSON values: every object's keys sorted, scalars as JSON.stringify writes them. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${reference(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const refusal = (value: unknown, field = 'data'): InvalidEventStoreInput => {
  try {
    canonicalJson(value, field);
  } catch (error) {
    return error as InvalidEventStoreInput;
  }
  throw new Error('accepted');
};

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and writes numbers and strings as ECMAScript does', () => {
    // RFC 8785 §3.2.3's sorting example, and its number examples of appendix B.
    expect(
      canonicalJson({
        '\u20ac': 'Euro Sign',
        '\r': 'Carriage Return',
        '\ufb33': 'Hebrew Letter Dalet With Dagesh',
        '1': 'One',
        '\ud83d\ude00': 'Emoji: Grinning Face',
        '\u0080': 'Control',
        '\u00f6': 'Latin Small Letter O With Diaeresis',
      }),
    ).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(canonicalJson([1e21, 1e-7, -0, 0.000001, 333333333.3333333, 5e-324, 9007199254740992])).toBe(
      '[1e+21,1e-7,0,0.000001,333333333.3333333,5e-324,9007199254740992]',
    );
    expect(canonicalJson({ b: [true, null, 'x'], a: { d: undefined, c: 1 } })).toBe('{"a":{"c":1},"b":[true,null,"x"]}');
  });

  it('equals the textbook reading for any JSON value', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !JSON.stringify(value).includes('\\u0000')),
        (value) => {
          // fast-check's JSON values may hold -0, which JSON.stringify also writes as 0: both agree.
          expect(canonicalJson(value)).toBe(reference(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('equals the textbook reading for values whose keys are in order already (written by JSON.stringify)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !JSON.stringify(value).includes('\\u0000')),
        (value) => {
          const inOrder = JSON.parse(reference(value)) as unknown;
          expect(canonicalJson(inOrder)).toBe(reference(value));
        },
      ),
      { numRuns: 2000 },
    );
    expect(canonicalJson({ a: '\u0001 \\u0041', b: [1, 'x'] })).toBe('{"a":"\\u0001 \\\\u0041","b":[1,"x"]}');
  });

  it('does not let a toJSON method or an array property change what is written', () => {
    const list = Object.assign([1, 2], { toJSON: () => 'other' });
    expect(canonicalJson({ a: list })).toBe('{"a":[1,2]}');
    expect(refusal({ a: 1, toJSON: () => 'other' }).message).toMatch(/function/);
  });

  it('keeps keys JavaScript reorders or treats specially in code-unit order', () => {
    expect(canonicalJson({ b: 1, '10': 2, '9': 3, a: { y: 1, x: 2 } })).toBe('{"10":2,"9":3,"a":{"x":2,"y":1},"b":1}');
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":{"b":1,"a":2}}'))).toBe('{"__proto__":{"a":2,"b":1},"z":1}');
    const nested = [{ b: 1, a: 2 }, 'x', [{ d: 1, c: 2 }]];
    expect(canonicalJson(nested)).toBe('[{"a":2,"b":1},"x",[{"c":2,"d":1}]]');
    expect(nested[0]).toEqual({ b: 1, a: 2 });
  });

  it('keeps a surrogate pair and refuses a lone surrogate or NUL, naming the place', () => {
    expect(canonicalJson({ s: 'a\ud83d\ude00b' })).toBe('{"s":"a\ud83d\ude00b"}');
    expect(refusal({ items: [{ x: 1 }, { x: 2 }, { x: 'a\ud800' }] }, 'events[3].data')).toMatchObject({
      field: 'events[3].data.items[2].x',
    });
    expect(refusal({ t: 'a\u0000b' })).toMatchObject({ field: 'data.t' });
    expect(refusal({ ['k\udc00']: 1 })).toMatchObject({ field: 'data.k\udc00' });
  });

  it('refuses what is not plain JSON, naming the place', () => {
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).back = cyclic;
    expect(refusal(cyclic).message).toMatch(/cycle/);
    expect(refusal(cyclic)).toMatchObject({ field: 'data.a.back' });
    expect(refusal({ list: [1, undefined] })).toMatchObject({ field: 'data.list[1]' });
    expect(refusal({ when: new Date() }).message).toMatch(/Date/);
    expect(refusal({ n: Number.NaN })).toMatchObject({ field: 'data.n' });
    expect(refusal({ n: 1n })).toMatchObject({ field: 'data.n' });
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    expect(refusal(deep).message).toMatch(/deeper than 64/);
    // A shared (not cyclic) object is fine twice.
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
});
