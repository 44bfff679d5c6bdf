// Identity and access, end to end: the real app on PGlite and on PostgreSQL, with a test
// clock, e-mail through a real SMTP server, SMS through the outbox in DATA_DIR, and human checks solved
// for real. One app per store serves every area below (starting PGlite is the slow part); each area
// keeps to its own people, numbers and companies, and the clock only moves forward.

import { afterAll, beforeAll, describe } from '@jest/globals';
import { accountSuspensionSpecs } from './account-suspension.specs.js';
import { companySpecs } from './companies.specs.js';
import { forcedResetSpecs } from './forced-reset.specs.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, STORES, type RunningApp } from './harness.js';
import { invitationAndUiErrorSpecs } from './invitations.specs.js';
import { mailLogSpecs } from './mail-log.specs.js';
import { platformStaffSpecs } from './platform-staff.specs.js';
import { signInSpecs } from './login.specs.js';
import { malformedRequestSpecs } from './malformed.specs.js';
import { mobileCodeSpecs } from './mobile-code.specs.js';
import { passwordSpecs } from './passwords.specs.js';
import { sessionSpecs } from './sessions.specs.js';
import { signUpSpecs } from './sign-up.specs.js';

describe.each(STORES)('identity and access on %s', (kind) => {
  let running: RunningApp | undefined;
  const app = () => running!;
  beforeAll(async () => {
    running = await startIdentityApp(kind);
  }, 300_000);
  afterAll(() => running?.stop());

  signUpSpecs(app);
  mobileCodeSpecs(app);
  signInSpecs(app);
  passwordSpecs(app);
  forcedResetSpecs(app);
  accountSuspensionSpecs(app);
  mailLogSpecs(app);
  platformStaffSpecs(app);
  sessionSpecs(app);
  companySpecs(app);
  invitationAndUiErrorSpecs(app);
  malformedRequestSpecs(app);

  itAnsweredEveryCallWithoutAServerError(() => running);
});
