// A tender Kukuh Jaya (the accessibility sweep's contractor) is invited to, with a question on its board,
// for the sweep's seller board page (/tendering/received/<id>/board). Made through the api as the users would.
import { apiSession } from './fixtures.js';

export async function invitedTender(baseURL: string): Promise<string> {
  const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const lim = await apiSession(baseURL, 'lim@teguhbina.my', 'teguh-bina');
  const wong = await apiSession(baseURL, 'wong@kukuhcontractor.my', 'kukuh-jaya');
  const received = await wong.call<{ id: string; status: string }[]>('GET', '/api/tendering/received?range=[0,9]');
  const active = received.json.find((row) => row.status === 'active');
  if (active) return active.id;
  const now = Date.now();
  const created = await kumar.call<{ id: string; revision: number }>('POST', '/api/documents/tender', {
    title: 'Ground beams, Block B (accessibility)',
    openAt: new Date(now + 3_600_000).toISOString(),
    closeAt: new Date(now + 10 * 86_400_000).toISOString(),
    expectedDeliveryStart: new Date(now + 14 * 86_400_000).toISOString().slice(0, 10),
    items: [{ description: 'Ground beams, grade 30 concrete', unit: 'm3', quantity: '64', rate: '0', includeZeroRate: true }],
  });
  const id = created.json.id;
  await kumar.call('POST', `/api/tendering/tenders/${id}/invitations`, { companyIds: ['kukuh-jaya'] });
  const requested = await kumar.call<{ revision: number }>(
    'POST',
    `/api/documents/tender/${id}/actions/Request_Approve`,
    {},
    { 'If-Match': `"${created.json.revision}"` },
  );
  await lim.call('POST', `/api/documents/tender/${id}/actions/Approve`, {}, { 'If-Match': `"${requested.json.revision}"` });
  await wong.call('POST', `/api/tendering/tenders/${id}/queries`, { question: 'Is the concrete supplied by the main contractor?' });
  return id;
}
