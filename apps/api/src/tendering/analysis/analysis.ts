// The tender's analysis (spec §2.5 "analysis", §4.10 shortlist / evaluate), pure: the buyer's
// short questionnaire (criteria with weights beside the price's weight, summing to 100), its technical
// scores per seller (0 to 100 per criterion), and the weighted result: price score = lowest total / the
// seller's total x 100 (the lowest scores 100, others in proportion), technical score = the weighted mean of
// the criteria, combined = (price score x price weight + each criterion's score x its weight) / 100.
// Scores are kept in hundredths (integers), never floating point.
import { refusal, invalidFields } from '../../common/refusal.js';
import type { StoredEvent } from '@binaan/event-store';
import { formatSen, parseMoney } from '../../documents/money.js';

export type Criterion = { key: string; name: string; weight: number };
/** `questionnaire`: the company questionnaire the criteria were made from, as it stood (absent when typed in). */
export type AnalysisCriteriaSet = {
  tenderId: string;
  priceWeight: number;
  criteria: Criterion[];
  by: string;
  questionnaire?: { id: string; name: string; revision: number };
};
export type TechnicalScoresEntered = { tenderId: string; sellerCompanyId: string; scores: Record<string, number>; by: string };
export type SellersShortlisted = { tenderId: string; sellerCompanyIds: string[]; by: string };
export type TenderEvaluated = { tenderId: string; ranking: { sellerCompanyId: string; score: string | null }[]; by: string };
export type AnalysisEvent =
  | { type: 'AnalysisCriteriaSet'; data: AnalysisCriteriaSet }
  | { type: 'TechnicalScoresEntered'; data: TechnicalScoresEntered }
  | { type: 'SellersShortlisted'; data: SellersShortlisted }
  | { type: 'TenderEvaluated'; data: TenderEvaluated };

export const ANALYSIS_STREAM_TYPE = 'tenderAnalysis';
export const analysisStream = (tenderId: string) => `${ANALYSIS_STREAM_TYPE}-${tenderId}`;
const MAX_CRITERIA = 10;
const KEY = /^[a-z][a-zA-Z0-9]{0,39}$/;

export type AnalysisState = {
  priceWeight: number;
  criteria: Criterion[];
  questionnaire: AnalysisCriteriaSet['questionnaire'] | null;
  scores: Map<string, Record<string, number>>;
  shortlist: string[] | null;
  evaluated: { at: string; by: string } | null;
  revision: number;
};

/** The analysis as its stream stands (new criteria drop the scores given against the old ones). */
export function foldAnalysis(events: readonly StoredEvent[]): AnalysisState {
  const state: AnalysisState = {
    priceWeight: 100,
    criteria: [],
    questionnaire: null,
    scores: new Map(),
    shortlist: null,
    evaluated: null,
    revision: -1,
  };
  for (const event of events) {
    state.revision = event.revision;
    if (event.type === 'AnalysisCriteriaSet') {
      const data = event.data as unknown as AnalysisCriteriaSet;
      state.priceWeight = data.priceWeight;
      state.criteria = data.criteria;
      state.questionnaire = data.questionnaire ?? null;
      state.scores = new Map();
    } else if (event.type === 'TechnicalScoresEntered') {
      const data = event.data as unknown as TechnicalScoresEntered;
      state.scores.set(data.sellerCompanyId, data.scores);
    } else if (event.type === 'SellersShortlisted') {
      state.shortlist = (event.data as unknown as SellersShortlisted).sellerCompanyIds;
    } else if (event.type === 'TenderEvaluated') {
      state.evaluated = { at: event.metadata.recordedAt, by: (event.data as unknown as TenderEvaluated).by };
    }
  }
  return state;
}

const record = (raw: unknown): Record<string, unknown> | null =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
const unknownKeys = (body: Record<string, unknown>, allowed: string[]) =>
  Object.fromEntries(
    Object.keys(body)
      .filter((key) => !allowed.includes(key))
      .map((key) => [key, ['unknownField']]),
  );

/** `{ priceWeight, criteria: [{ key, name, weight }] }`: whole-number weights, price and criteria summing to 100. */
export function parseCriteria(raw: unknown): { priceWeight: number; criteria: Criterion[] } {
  const body = record(raw);
  if (body === null) throw invalidFields({ criteria: ['criteriaRequired'] });
  const problems: Record<string, string[]> = unknownKeys(body, ['priceWeight', 'criteria']);
  const weight = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
  if (!weight(body.priceWeight)) problems.priceWeight = ['weightInvalid'];
  const list = body.criteria;
  if (!Array.isArray(list) || list.length > MAX_CRITERIA) problems.criteria = ['criteriaRequired'];
  const criteria: Criterion[] = [];
  const keys = new Set<string>();
  if (Array.isArray(list)) {
    list.forEach((item: unknown, index: number) => {
      const at = `criteria[${index}]`;
      const c = record(item);
      if (c === null) return void (problems[at] = ['criterionInvalid']);
      Object.assign(
        problems,
        Object.fromEntries(Object.keys(unknownKeys(c, ['key', 'name', 'weight'])).map((key) => [`${at}.${key}`, ['unknownField']])),
      );
      if (typeof c.key !== 'string' || !KEY.test(c.key)) return void (problems[`${at}.key`] = ['keyInvalid']);
      if (keys.has(c.key)) return void (problems[`${at}.key`] = ['keyRepeated']);
      if (typeof c.name !== 'string' || c.name.trim() === '' || c.name.length > 120)
        return void (problems[`${at}.name`] = ['nameRequired']);
      if (!weight(c.weight) || c.weight === 0) return void (problems[`${at}.weight`] = ['weightInvalid']);
      keys.add(c.key);
      criteria.push({ key: c.key, name: c.name.trim(), weight: c.weight as number });
    });
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const sum = (body.priceWeight as number) + criteria.reduce((total, c) => total + c.weight, 0);
  if (sum !== 100)
    throw refusal(422, 'analysisWeightsInvalid', `The price's weight and the criteria's weights add up to ${sum}, not 100.`, {
      fields: { priceWeight: ['analysisWeightsInvalid'] },
    });
  return { priceWeight: body.priceWeight as number, criteria };
}

/** `{ scores: { <criterion key>: 0..100 } }`: one whole-number score for every criterion, no other. */
export function parseScores(raw: unknown, criteria: readonly Criterion[]): Record<string, number> {
  if (criteria.length === 0) throw refusal(409, 'analysisCriteriaNotSet', 'Set the questionnaire (criteria with weights) before scoring.');
  const body = record(raw);
  const scores = body === null ? null : record(body.scores);
  if (body === null || scores === null) throw invalidFields({ scores: ['scoresRequired'] });
  const problems: Record<string, string[]> = unknownKeys(body, ['scores']);
  const wanted = new Set(criteria.map((c) => c.key));
  for (const [key, value] of Object.entries(scores)) {
    if (!wanted.has(key)) problems[`scores.${key}`] = ['unknownCriterion'];
    else if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100)
      problems[`scores.${key}`] = ['scoreInvalid'];
  }
  for (const key of wanted) if (!(key in scores)) problems[`scores.${key}`] = ['scoreRequired'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return Object.fromEntries(criteria.map((c) => [c.key, scores[c.key] as number]));
}

/** `{ sellerCompanyIds: [..] }`: 1 to 50 distinct sellers, each of them one that quoted. */
export function parseShortlist(raw: unknown, quoted: ReadonlySet<string>): string[] {
  const body = record(raw);
  const ids = body?.sellerCompanyIds;
  if (
    body === null ||
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > 50 ||
    ids.some((id) => typeof id !== 'string') ||
    new Set(ids).size !== ids.length
  ) {
    throw invalidFields({ sellerCompanyIds: ['sellerCompanyIdsRequired'] });
  }
  const extra = unknownKeys(body, ['sellerCompanyIds']);
  if (Object.keys(extra).length > 0) throw invalidFields(extra);
  const stranger = (ids as string[]).find((id) => !quoted.has(id));
  if (stranger !== undefined)
    throw refusal(422, 'sellerNotQuoted', `${stranger} did not quote on this tender.`, {
      fields: { sellerCompanyIds: ['sellerNotQuoted'] },
    });
  return ids as string[];
}

export type ScoredSeller = {
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

/** Hundredths, half up (all the figures here are non-negative). */
const divide = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/** Each seller's price, technical and combined scores, ranked by the combined score (unscored sellers last, by price). */
export function scoreSellers(
  state: AnalysisState,
  sellers: readonly { sellerCompanyId: string; sellerName: string | null; total: string }[],
): ScoredSeller[] {
  const totals = sellers.map((s) => parseMoney(s.total) ?? 0n);
  const lowest = totals.reduce<bigint | null>((low, t) => (low === null || t < low ? t : low), null) ?? 0n;
  const technicalWeight = BigInt(state.criteria.reduce((sum, c) => sum + c.weight, 0));
  const rows = sellers.map((seller, index) => {
    const total = totals[index]!;
    const price = total === 0n ? 10_000n : divide(lowest * 10_000n, total); // hundredths of a point
    const given = state.scores.get(seller.sellerCompanyId) ?? null;
    const weighted =
      given === null ? null : state.criteria.reduce((sum, c) => sum + BigInt(given[c.key] ?? 0) * 100n * BigInt(c.weight), 0n);
    const technical = weighted === null ? null : technicalWeight === 0n ? 0n : divide(weighted, technicalWeight);
    const combined =
      state.criteria.length === 0 ? price : weighted === null ? null : divide(price * BigInt(state.priceWeight) + weighted, 100n);
    return { seller, price, technical, combined, given };
  });
  const order = [...rows].sort((a, b) => {
    if (a.combined !== b.combined) return a.combined === null ? 1 : b.combined === null ? -1 : a.combined > b.combined ? -1 : 1;
    return a.price > b.price ? -1 : a.price < b.price ? 1 : 0;
  });
  const shortlist = new Set(state.shortlist ?? []);
  return rows.map((row) => ({
    sellerCompanyId: row.seller.sellerCompanyId,
    sellerName: row.seller.sellerName,
    total: row.seller.total,
    priceScore: formatSen(row.price),
    technicalScore: row.technical === null ? null : formatSen(row.technical),
    score: row.combined === null ? null : formatSen(row.combined),
    scores: row.given,
    rank: order.indexOf(row) + 1,
    shortlisted: shortlist.has(row.seller.sellerCompanyId),
  }));
}
