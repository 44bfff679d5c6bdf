// Deciding an award (pure): the body, the tender's status, and the chosen seller's quotation. Each refusal
// its own code; the documents are drawn from the tender's lines with the chosen quotation's rates.
import { refusal, invalidFields } from '../../common/refusal.js';
import type { Bidder, EstimateLine } from '../comparison/comparison.js';
import { AWARD_ORDER_KINDS, type AwardOrderKind } from './award.events.js';

/** Where an award may be decided: after the close (comparison) or after a rejected contract (spec §4.10). */
export const AWARDABLE = new Set(['comparison', 'draftContractRejected']);

export type AwardRequest = { sellerCompanyId: string; orderKind: AwardOrderKind };

/** `{ sellerCompanyId, orderKind: purchaseOrder | workOrder | rentalOrder }`. */
export function parseAward(raw: unknown): AwardRequest {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (body === null) throw invalidFields({ sellerCompanyId: ['sellerCompanyIdRequired'] });
  const problems: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (key !== 'sellerCompanyId' && key !== 'orderKind') problems[key] = ['unknownField'];
  if (typeof body.sellerCompanyId !== 'string' || body.sellerCompanyId.trim() === '' || body.sellerCompanyId.length > 100)
    problems.sellerCompanyId = ['sellerCompanyIdRequired'];
  if (typeof body.orderKind !== 'string' || !(AWARD_ORDER_KINDS as readonly string[]).includes(body.orderKind))
    problems.orderKind = ['orderKindInvalid'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { sellerCompanyId: body.sellerCompanyId as string, orderKind: body.orderKind as AwardOrderKind };
}

/** The chosen seller must have quoted every line of the tender as it stands (an addendum's lines too). */
export function chosenBidder(bidders: readonly Bidder[], sellerCompanyId: string, lines: readonly EstimateLine[]): Bidder {
  const bidder = bidders.find((b) => b.sellerCompanyId === sellerCompanyId);
  if (bidder === undefined)
    throw refusal(422, 'sellerNotQuoted', 'Only a seller that quoted on this tender can be awarded it.', {
      fields: { sellerCompanyId: ['sellerNotQuoted'] },
    });
  const quoted = new Set(bidder.quotation.data.items.map((item) => item.lineNo));
  const missing = lines.filter((line) => !quoted.has(line.lineNo)).map((line) => line.lineNo);
  if (missing.length > 0)
    throw refusal(
      422,
      'quotationIncomplete',
      `The quotation has no rate for line ${missing.join(', ')}: ask the seller to confirm it again.`,
      { fields: { sellerCompanyId: ['quotationIncomplete'] } },
    );
  return bidder;
}

/** The award documents' lines: the tender's items at the chosen seller's rates (the include box as quoted). */
export function awardLines(lines: readonly EstimateLine[], bidder: Bidder) {
  const rates = new Map(bidder.quotation.data.items.map((item) => [item.lineNo, item]));
  return [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((line) => {
      const quoted = rates.get(line.lineNo)!;
      return {
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        rate: quoted.rate,
        ...(quoted.includeZeroRate ? { includeZeroRate: true } : {}),
      };
    });
}
