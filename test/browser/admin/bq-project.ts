// A project of its own for a BQ browser test (bill-of-quantity.spec.ts, bq-files.spec.ts): Aminah creates it,
// Kumar (member, level 10 on billOfQuantity) proposes its BQ and Lim (member, level 20) approves it.
import { apiSession, expect } from './fixtures.js';

export const COMPANY = 'teguh-bina';

/** A project for one test, Kumar (member, level 10) proposing its BQ and Lim (member, level 20) approving it. */
export async function bqProject(baseURL: string, name: string): Promise<string> {
  const aminah = await apiSession(baseURL, 'aminah@teguhbina.my', COMPANY);
  const [kumar, lim] = await Promise.all([
    apiSession(baseURL, 'kumar@teguhbina.my', COMPANY),
    apiSession(baseURL, 'lim@teguhbina.my', COMPANY),
  ]);
  const code = `BQ-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const created = await aminah.call<{ id: string }>('POST', '/api/projects', {
    project_name: name,
    project_code: code,
    project_type: 3,
    location: 'Cyberjaya, Selangor',
    project_short_desc: 'BQ editor test',
    site_contact_person: '',
    site_contact_person_number: '',
  });
  expect(created.status).toBe(201);
  const id = created.json.id;
  // Levels in a project count for its approved members: Aminah invites both, Lim approves them.
  const revision = async () => `"${(await aminah.call<{ revision: number }>('GET', `/api/projects/${id}`)).json.revision}"`;
  for (const user of [kumar, lim])
    expect(
      (await aminah.call('POST', `/api/projects/${id}/members`, { user_id: user.userId }, { 'If-Match': await revision() })).status,
    ).toBe(201);
  for (const user of [kumar, lim])
    expect(
      (await lim.call('POST', `/api/projects/${id}/members/${user.userId}/actions/Approve`, {}, { 'If-Match': await revision() })).status,
    ).toBe(200);
  for (const [user, level] of [
    [kumar.userId, 10],
    [lim.userId, 20],
  ] as const) {
    expect(
      (await aminah.call('POST', `/api/projects/${id}/assignments`, { code: 'billOfQuantity', user_id: user, workflow_level: level }))
        .status,
    ).toBe(200);
  }
  return id;
}
