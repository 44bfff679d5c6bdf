// The analysis tab's calls (GET /api/tendering/tenders/<id>/analysis, PUT .../analysis/criteria and
// .../analysis/scores/<seller>, POST .../analysis/shortlist and .../evaluate) and the questionnaire form's
// rules: weights are whole numbers adding up to 100 with the price's, each criterion named, keys kept.
import { adminJson } from '../../providers/admin-request.js';

export type Criterion = { key: string; name: string; weight: number };
export type AnalysisSeller = {
  sellerCompanyId: string;
  sellerName: string | null;
  total: string;
  priceScore: string;
  technicalScore: string | null;
  score: string | null;
  scores: Record<string, number> | null;
  rank: number;
  shortlisted: boolean;
};
export type Analysis = {
  status: string;
  priceWeight: number;
  criteria: Criterion[];
  shortlist: string[] | null;
  evaluated: { at: string; by: string } | null;
  sellers: AnalysisSeller[];
  /** The company questionnaire the criteria were made from, as it stood (null: typed in). */
  questionnaire?: { id: string; name: string; revision: number } | null;
};
/** A criterion as typed in the form: the weight as text until it is sent. */
export type CriterionInput = { key: string; name: string; weight: string };

const base = (tenderId: string) => `/api/tendering/tenders/${encodeURIComponent(tenderId)}/analysis`;
export const loadAnalysis = (tenderId: string) => adminJson<Analysis>(base(tenderId));
export const setCriteria = (
  tenderId: string,
  body: { priceWeight: number; criteria: Criterion[] } | { priceWeight: number; questionnaireId: string },
) => adminJson(`${base(tenderId)}/criteria`, { method: 'PUT', body });
export const enterScores = (tenderId: string, sellerCompanyId: string, scores: Record<string, number>) =>
  adminJson(`${base(tenderId)}/scores/${encodeURIComponent(sellerCompanyId)}`, { method: 'PUT', body: { scores } });
export const shortlist = (tenderId: string, sellerCompanyIds: string[]) =>
  adminJson(`${base(tenderId)}/shortlist`, { method: 'POST', body: { sellerCompanyIds } });
export const evaluate = (tenderId: string) => adminJson(`${base(tenderId)}/evaluate`, { method: 'POST', body: {} });

/** A whole number 0..100 from the form, or null. */
export function weightOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= 100 ? value : null;
}

/** What the weights add up to (null while one is not a whole number 0..100). */
export function weightSum(priceWeight: string, criteria: readonly CriterionInput[]): number | null {
  const weights = [priceWeight, ...criteria.map((c) => c.weight)].map(weightOf);
  return weights.some((w) => w === null) ? null : weights.reduce<number>((sum, w) => sum + w!, 0);
}

/** A key no criterion of the form has yet (c1, c2, …): existing keys are kept so their scores stay theirs. */
export function newKey(criteria: readonly CriterionInput[]): string {
  const taken = new Set(criteria.map((c) => c.key));
  let n = criteria.length + 1;
  while (taken.has(`c${n}`)) n++;
  return `c${n}`;
}

/** The questionnaire's body, or null while the form cannot be sent (the server checks the same and answers analysisWeightsInvalid). */
export function criteriaBody(
  priceWeight: string,
  criteria: readonly CriterionInput[],
): { priceWeight: number; criteria: Criterion[] } | null {
  if (weightSum(priceWeight, criteria) !== 100 || criteria.some((c) => c.name.trim() === '')) return null;
  return {
    priceWeight: weightOf(priceWeight)!,
    criteria: criteria.map((c) => ({ key: c.key, name: c.name.trim(), weight: weightOf(c.weight)! })),
  };
}
