// The build-up master's form (spec §2.5 build-up master, §5.3 build-up rules) as plain data: a
// draft the screen edits, its checks before sending (the api's own, so a refusal is rare and the form says
// which field), its figures as the api prices them, and the body of `bq-build-up/{add, update}`.
import { buildUpSums, formatSen, sen, times, type BuildUp, type BuildUpLine, type BuildUpProfitParameter } from './costing.js';

export const CATEGORIES = ['labour', 'material', 'plant'] as const satisfies readonly BuildUpLine['category'][];

/** `key` keeps a line's identity while lines are added and removed (React keys, focus after adding). */
export type DraftLine = {
  key: number;
  category: BuildUpLine['category'];
  description: string;
  unit: string;
  quantity: string;
  rate: string;
};
/** `profitParameterId` '' = none; `heldParameter` the one the build-up names (offered even when deactivated since). */
export type Draft = {
  code: string;
  description: string;
  totalSubOn: boolean;
  totalSub: string;
  profitPercent: string;
  profitParameterId: string;
  heldParameter: BuildUpProfitParameter | null;
  lines: DraftLine[];
};
/** Field name (`code`, `totalSub`, `lines[2].quantity`, ...) -> translation key of what is wrong. */
export type Problems = Record<string, string>;

const MONEY = /^-?\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

let nextKey = 1;
export const newLine = (category: BuildUpLine['category'] = 'labour'): DraftLine => ({
  key: nextKey++,
  category,
  description: '',
  unit: '',
  quantity: '',
  rate: '',
});

/** A new build-up's draft, or an existing one's (its code then stays: the code names the build-up). */
export function draftOf(buildUp?: BuildUp): Draft {
  if (!buildUp)
    return {
      code: '',
      description: '',
      totalSubOn: false,
      totalSub: '',
      profitPercent: '0',
      profitParameterId: '',
      heldParameter: null,
      lines: [newLine()],
    };
  return {
    code: buildUp.code,
    description: buildUp.description,
    totalSubOn: buildUp.totalSub !== null,
    totalSub: buildUp.totalSub ?? '',
    profitPercent: Number(buildUp.profitPercent).toString(),
    profitParameterId: buildUp.profitParameter?.id ?? '',
    heldParameter: buildUp.profitParameter ?? null,
    lines: buildUp.lines.map((line) => ({
      key: nextKey++,
      category: line.category,
      description: line.description ?? '',
      unit: line.unit ?? '',
      quantity: line.quantity,
      rate: line.rate,
    })),
  };
}

/** §5.3: the total sub is offered only once the trade code and the description are there. */
export const totalSubAllowed = (draft: Draft): boolean => draft.code.trim() !== '' && draft.description.trim() !== '';

/** Lines that hold anything: entering a total sub erases them, so the screen asks first. */
export const filledLines = (draft: Draft): DraftLine[] =>
  draft.lines.filter((l) => l.description.trim() !== '' || l.quantity.trim() !== '' || l.rate.trim() !== '');

/** A line left wholly empty is not sent (a form opens with one empty line). */
const sentLines = (draft: Draft): DraftLine[] => (draft.totalSubOn ? [] : filledLines(draft));

/** Every problem at once (not the first only), keyed as the api keys its `fields`. */
export function problemsOf(draft: Draft, takenCodes: readonly string[]): Problems {
  const problems: Problems = {};
  const code = draft.code.trim();
  if (code === '') problems.code = 'admin.buildUps.problems.codeRequired';
  else if (takenCodes.some((taken) => taken.toLowerCase() === code.toLowerCase())) problems.code = 'error.tradeCodeTaken';
  if (!PERCENT.test(draft.profitPercent.trim())) problems.profitPercent = 'admin.buildUps.problems.percent';
  if (draft.totalSubOn) {
    if (!totalSubAllowed(draft)) problems.totalSub = 'error.totalSubNeedsTradeCode';
    else if (!MONEY.test(draft.totalSub.trim())) problems.totalSub = 'admin.buildUps.problems.money';
  }
  sentLines(draft).forEach((line) => {
    const index = draft.lines.indexOf(line);
    if (line.description.trim() === '') problems[`lines[${index}].description`] = 'admin.buildUps.problems.required';
    if (!QUANTITY.test(line.quantity.trim())) problems[`lines[${index}].quantity`] = 'admin.buildUps.problems.quantity';
    if (!MONEY.test(line.rate.trim())) problems[`lines[${index}].rate`] = 'admin.buildUps.problems.money';
  });
  return problems;
}

/** The body of `bq-build-up/{add, update}` (without project and revision). */
export function bodyOf(draft: Draft) {
  return {
    code: draft.code.trim(),
    description: draft.description.trim(),
    totalSub: draft.totalSubOn ? draft.totalSub.trim() : null,
    profitPercent: draft.profitPercent.trim(),
    profitParameterId: draft.profitParameterId === '' ? null : draft.profitParameterId,
    lines: sentLines(draft).map((l) => ({
      category: l.category,
      description: l.description.trim(),
      unit: l.unit.trim() === '' ? null : l.unit.trim(),
      quantity: l.quantity.trim(),
      rate: l.rate.trim(),
    })),
  };
}

/** A line's amount in sen (quantity x rate, half up), null while either is not a number. */
export function lineAmount(line: Pick<DraftLine, 'quantity' | 'rate'>): bigint | null {
  const rate = sen(line.rate.trim());
  return QUANTITY.test(line.quantity.trim()) && rate !== null ? times(line.quantity.trim(), rate) : null;
}

const halfUp = (numerator: bigint, denominator: bigint): bigint => {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
};

/** Profit percent "12.5" -> basis points 1250n (0 when not a number). */
const basisPoints = (percent: string): bigint => (PERCENT.test(percent.trim()) ? (sen(percent.trim()) ?? 0n) : 0n);

export type Figures = { labour: bigint; material: bigint; plant: bigint; cost: bigint; profit: bigint; rate: bigint };

/** A build-up's figures as the api prices an item with it: cost (total sub or its lines), profit = cost x percent, rate = both. */
export function figuresOf(buildUp: BuildUp): Figures {
  const sums = buildUpSums(buildUp);
  const cost = buildUp.totalSub !== null ? (sen(buildUp.totalSub) ?? 0n) : sums.labour + sums.material + sums.plant;
  const profit = halfUp(cost * basisPoints(buildUp.profitPercent), 10_000n);
  return { ...sums, cost, profit, rate: cost + profit };
}

/** The draft's figures while it is typed (lines not yet valid count as nothing). */
export function draftFigures(draft: Draft): Figures {
  const lines = sentLines(draft)
    .filter((l) => lineAmount(l) !== null)
    .map((l) => ({ category: l.category, quantity: l.quantity.trim(), rate: l.rate.trim() }));
  const totalSub = draft.totalSubOn ? (MONEY.test(draft.totalSub.trim()) ? draft.totalSub.trim() : '0') : null;
  return figuresOf({ code: draft.code, description: draft.description, totalSub, lines, profitPercent: draft.profitPercent });
}

export const money = (value: bigint): string => formatSen(value);
