// The tender of the tendering walk (tendering.spec). §5.3 lets bidding open no sooner than 5 minutes after the
// tender is made, and the browser server runs on the real clock, so the demo server's fixture makes it as the
// server starts (fixtures.ts, `demo.walkTender`): by the time the walk comes, it has opened and the run waits for
// nothing. Run alone, the walk waits out the rest of the 5 minutes. (Not a setup project: each Playwright
// project has workers of its own, and each worker its own demo server.)
import { apiSession, expect } from './fixtures.js';

const MINUTE = 60_000;

export interface WalkTender {
  id: string;
  openAt: number;
}

/** Kumar makes the tender (two items, open in 5 min 20 s, close in 3 days) and Lim approves it: active, not yet open. */
export async function makeWalkTender(baseURL: string, title = 'Bored piles, Block E (browser walk)'): Promise<WalkTender> {
  const kumarApi = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const limApi = await apiSession(baseURL, 'lim@teguhbina.my', 'teguh-bina');
  const openAt = Date.now() + 5 * MINUTE + 20_000;
  const created = await kumarApi.call<{ id: string; revision: number }>('POST', '/api/documents/tender', {
    title,
    openAt: new Date(openAt).toISOString(),
    closeAt: new Date(Date.now() + 3 * 24 * 60 * MINUTE).toISOString(),
    expectedDeliveryStart: new Date(Date.now() + 10 * 24 * 60 * MINUTE).toISOString().slice(0, 10),
    items: [
      { description: 'Bored piles 600 mm', unit: 'm', quantity: '100', rate: '95.00' },
      { description: 'Pile load test', unit: 'no', quantity: '4', rate: '800.00' },
    ],
  });
  expect(created.status).toBe(201);
  const asked = await kumarApi.call<{ revision: number }>(
    'POST',
    `/api/documents/tender/${created.json.id}/actions/Request_Approve`,
    {},
    { 'If-Match': String(created.json.revision) },
  );
  const approved = await limApi.call<{ status: string }>(
    'POST',
    `/api/documents/tender/${created.json.id}/actions/Approve`,
    {},
    { 'If-Match': String(asked.json.revision) },
  );
  expect(approved.json.status).toBe('active');
  return { id: created.json.id, openAt };
}

/**
 * The attachments spec's tender (tender-attachments.spec.ts), made as the server starts for the same reason:
 * pile caps, one item at rate 0 with the include box, Kukuh Jaya invited, approved by Lim; open in 5 min 20 s.
 */
export async function makeAttachmentsTender(baseURL: string): Promise<WalkTender> {
  const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const lim = await apiSession(baseURL, 'lim@teguhbina.my', 'teguh-bina');
  const openAt = Date.now() + 5 * MINUTE + 20_000;
  const created = await kumar.call<{ id: string; revision: number }>('POST', '/api/documents/tender', {
    title: 'Pile caps, Block G (attachments)',
    openAt: new Date(openAt).toISOString(),
    closeAt: new Date(Date.now() + 3 * 24 * 60 * MINUTE).toISOString(),
    expectedDeliveryStart: new Date(Date.now() + 7 * 24 * 60 * MINUTE).toISOString().slice(0, 10),
    items: [{ description: 'Pile caps, reinforced concrete', unit: 'no', quantity: '12', rate: '0', includeZeroRate: true }],
  });
  expect(created.status).toBe(201);
  const id = created.json.id;
  expect((await kumar.call('POST', `/api/tendering/tenders/${id}/invitations`, { companyIds: ['kukuh-jaya'] })).status).toBe(201);
  const requested = await kumar.call<{ revision: number }>(
    'POST',
    `/api/documents/tender/${id}/actions/Request_Approve`,
    {},
    { 'If-Match': `"${created.json.revision}"` },
  );
  expect(
    (
      await lim.call<{ status: string }>(
        'POST',
        `/api/documents/tender/${id}/actions/Approve`,
        {},
        { 'If-Match': `"${requested.json.revision}"` },
      )
    ).json.status,
  ).toBe('active');
  return { id, openAt };
}
