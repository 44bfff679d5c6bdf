// A company's profile kept as its legal form needs before it submits (the rules that span tabs, checked at
// Submit): one shareholder holding everything and one director, entered with the token of a session in it.
import type { Api } from './identity.js';

export const shareholderBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Aminah binti Yusof',
  idType: 'mykad',
  idNumber: '800101-14-5678',
  address: '3 Jalan Mawar, 40000 Shah Alam',
  designation: 'Managing Director',
  sharePercent: 100,
  ...overrides,
});
export const directorBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Aminah binti Yusof',
  idType: 'mykad',
  idNumber: '800101-14-5678',
  address: '3 Jalan Mawar, 40000 Shah Alam',
  designation: 'Managing Director',
  appointedDate: '2020-01-15',
  ...overrides,
});

/** Chooses the company with `token`, adds a sole shareholder and a director; the chosen session's token. */
export async function keepProfileForSubmission(api: Api, token: string, companyId: string): Promise<string> {
  const chosen = await api.get(`company/choose/${companyId}`, { token });
  if (chosen.status !== 200) throw new Error(`choosing ${companyId}: ${chosen.status} ${chosen.text}`);
  const inCompany = chosen.body.jwtToken as string;
  for (const [list, body] of [
    ['shareholders', shareholderBody()],
    ['directors', directorBody()],
  ] as const) {
    const added = await api.post(`company/profile/lists/${list}`, body, { token: inCompany });
    if (added.status !== 201) throw new Error(`adding to ${list}: ${added.status} ${added.text}`);
  }
  return inCompany;
}
