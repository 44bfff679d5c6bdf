// Runs before every spec (the config's setup project): see admin/walk-tender.ts for why.
import { test } from '../admin/fixtures.js';
import { makeWalkTender, recordWalkTender } from '../admin/walk-tender.js';

test('the tendering walk\'s tender, made now so that it has opened when the walk comes', async ({ baseURL }) => {
  recordWalkTender(await makeWalkTender(baseURL!));
});
