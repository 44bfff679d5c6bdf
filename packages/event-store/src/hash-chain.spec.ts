import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json.js';
import { GENESIS_HASH, hashEvent, hashWithCanonicalData, type HashedFields } from './hash-chain.js';
import type { JsonValue } from './types.js';

// JSON values the store accepts (no NUL, no lone surrogates: canonicalJson refuses those before hashing).
const text = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((value) => !value.includes('\u0000'));
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('hash of an event whose data is already canonical', () => {
  it('is the same as hashing the whole event, for any data and metadata', () => {
    fc.assert(
      fc.property(json, fc.dictionary(text, fc.oneof(text, fc.constant(null)), { maxKeys: 4 }), fc.nat(), (data, extra, revision) => {
        const event: HashedFields = {
          id: '00000000-0000-4000-8000-000000000001',
          streamId: 'order-1',
          streamType: 'order',
          revision,
          type: 'OrderCreated',
          data,
          metadata: { ...extra, actorUserId: 'u-1', recordedAt: '2026-11-22T00:00:00.000Z' },
          prevHash: GENESIS_HASH,
        };
        expect(hashWithCanonicalData(event, canonicalJson(data))).toBe(hashEvent(event));
      }),
      { numRuns: 500 },
    );
  });
});
