// Fuzzing the public verification and registration calls with malformed payloads (fast-check): no reply
// is a 5xx. The seed is printed so a failure can be replayed (FUZZ_SEED=<seed>).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Running } from './harness.js';
import type { Walked } from './walk.specs.js';

const RUNS = 2_500; // per call: 5,000 in all

export function fuzzing(running: () => Running, walked: Walked): void {
  describe('fuzzing the public calls', () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
    const anything = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
    );
    let calls = 0;
    // The public calls are rate-limited per address per minute of the app's clock: move it on as a real caller's minutes pass.
    const paced = () => {
      if (++calls % 25 === 0) running().clock.advance(61_000);
    };

    it(`verification: ${RUNS} malformed payloads, no 5xx (seed ${seed})`, async () => {
      console.log(`certificates fuzz seed: ${seed}`);
      const values = () => walked.qr.split(',');
      const body = fc
        .oneof(
          fc.record({ qr: anything }),
          fc.record(
            { id: anything, article_id: anything, user_id: anything, certificate_no: anything, signature: anything },
            { requiredKeys: [] },
          ),
          fc.tuple(fc.nat(4), fc.string({ maxLength: 90 })).map(([i, s]) => ({
            qr: values()
              .map((v, j) => (j === i ? s : v))
              .join(','),
          })),
          fc.dictionary(fc.string(), anything),
          anything,
        )
        .map((payload) => JSON.stringify(payload) ?? 'null');
      const raw = fc.oneof({ weight: 9, arbitrary: body }, { weight: 1, arbitrary: fc.string({ maxLength: 200 }) });
      await fc.assert(
        fc.asyncProperty(raw, async (json) => {
          paced();
          const reply = await running().api.call('post', '/api/event-participant/verified-certificate', { json });
          expect(reply.status).toBeLessThan(500);
          if (reply.status === 200) expect(typeof reply.body.genuine).toBe('boolean');
        }),
        { numRuns: RUNS, seed },
      );
    }, 300_000);

    it(`registration: ${RUNS} malformed payloads, no 5xx (seed ${seed})`, async () => {
      const body = fc
        .oneof(
          fc.record(
            {
              article_id: fc.oneof(anything, fc.constant(walked.articleId)),
              name: anything,
              email: fc.oneof(anything, fc.emailAddress()),
              contact: anything,
              company_name: anything,
            },
            { requiredKeys: [] },
          ),
          fc.dictionary(fc.string(), anything),
          anything,
        )
        .map((payload) => JSON.stringify(payload) ?? 'null');
      const raw = fc.oneof({ weight: 9, arbitrary: body }, { weight: 1, arbitrary: fc.string({ maxLength: 200 }) });
      await fc.assert(
        fc.asyncProperty(raw, async (json) => {
          paced();
          const reply = await running().api.call('post', '/api/article/register', { json });
          expect(reply.status).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed },
      );
    }, 300_000);
  });
}
