// The events-and-certificates context over the API, on PGlite and on PostgreSQL: an event from creation to
// a verified certificate, each way a certificate fails verification, and (on PGlite) fuzzing the public calls.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { fuzzing } from './fuzz.specs.js';
import { itAnsweredEveryCallWithoutAServerError, startCertificatesApp, STORES, type Running } from './harness.js';
import { verificationFailures } from './verification.specs.js';
import { certificateWalk, type Walked } from './walk.specs.js';

describe.each(STORES)('certificates api on %s', (kind) => {
  let running: Running | undefined;
  const walked: Walked = { articleId: '', registrationId: '', userId: '', certificateNo: '', qr: '', ticket: '' };
  beforeAll(async () => {
    running = await startCertificatesApp(kind);
  }, 300_000);
  afterAll(async () => running?.stop());

  certificateWalk(() => running!, walked);
  verificationFailures(() => running!, walked);
  if (kind === 'pglite') fuzzing(() => running!, walked);
  itAnsweredEveryCallWithoutAServerError(() => running);
});
