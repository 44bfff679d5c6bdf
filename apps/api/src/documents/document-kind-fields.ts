// The fields only some kinds have (`DocumentKindFieldNames` in contracts): parsed from a body (shape
// problems are 400 and name the field), a field of another kind is refused, and a new document records
// every field of its kind (null when not given) so the view always shows them.
import {
  DocumentKindFieldNames,
  TenderTypes,
  VariationTypes,
  type DocumentKindField,
  type DocumentKindFields,
  type DocumentResource,
  type MilestoneClaimItem,
} from '@binaan/contracts';
import { date, dateTime, money, nullableText, nullableUuid, percent, problem, text, type Body, type Problems } from './field-parsers.js';

/** Every kind field any kind has: a body naming one its kind lacks is refused (400), not ignored. */
const ALL_KIND_FIELDS: ReadonlySet<DocumentKindField> = new Set(Object.values(DocumentKindFieldNames).flat());
export const MAX_CLAIM_ITEMS = 100;

type Parser = (body: Body, field: string, problems: Problems) => unknown;

const PARSERS: Record<Exclude<DocumentKindField, 'claimItems'>, Parser> = {
  openAt: dateTime,
  closeAt: dateTime,
  expectedDeliveryStart: date,
  expectedDeliveryEnd: date,
  minimumAmount: money,
  maximumAmount: money,
  sourceDocumentId: nullableUuid,
  tenderType: (body, field, problems) => {
    const value = body[field];
    if (value === undefined) return undefined;
    if (value === null || (typeof value === 'string' && (TenderTypes as readonly string[]).includes(value))) return value;
    problem(problems, field, `must be one of ${TenderTypes.join(', ')}`);
    return undefined;
  },
  vendorDocumentNo: (body, field, problems) => nullableText(body, field, 50, problems),
  driverName: (body, field, problems) => nullableText(body, field, 200, problems),
  driverContact: (body, field, problems) => nullableText(body, field, 50, problems),
  claimPercentage: percent,
  invoiceNo: (body, field, problems) => nullableText(body, field, 50, problems),
  contractSum: money,
  workDoneAmount: money,
  unfixedGoodsAmount: money,
  previousCertifiedAmount: money,
  retentionPercent: percent,
  retentionLimitPercent: percent,
  variationType: (body, field, problems) => {
    const value = body[field];
    if (value === undefined) return undefined;
    if (value === null || (typeof value === 'string' && (VariationTypes as readonly string[]).includes(value))) return value;
    problem(problems, field, `must be one of ${VariationTypes.join(', ')}`);
    return undefined;
  },
  instructionId: nullableUuid,
};

function claimItems(body: Body, problems: Problems): MilestoneClaimItem[] | undefined {
  const value = body.claimItems;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_CLAIM_ITEMS) {
    problem(problems, 'claimItems', `must be a list of at most ${MAX_CLAIM_ITEMS} claim items`);
    return undefined;
  }
  const parsed: MilestoneClaimItem[] = [];
  value.forEach((raw: unknown, index) => {
    const at = `claimItems[${index}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return problem(problems, at, 'must be an object');
    const item = raw as Body;
    const description = text(item, 'description', 1000, problems, true, `${at}.description`);
    const percentage =
      item.percentage === undefined
        ? problem(problems, `${at}.percentage`, 'is required')
        : percent(item, 'percentage', problems, `${at}.percentage`);
    const claimAmount =
      item.claimAmount === undefined
        ? problem(problems, `${at}.claimAmount`, 'is required')
        : money(item, 'claimAmount', problems, `${at}.claimAmount`);
    const expectedCompletionDate = date(item, 'expectedCompletionDate', problems, `${at}.expectedCompletionDate`);
    if (
      description === undefined ||
      typeof percentage !== 'string' ||
      typeof claimAmount !== 'string' ||
      (expectedCompletionDate === undefined && item.expectedCompletionDate !== undefined)
    )
      return;
    parsed.push({ itemNo: index + 1, description, percentage, expectedCompletionDate: expectedCompletionDate ?? null, claimAmount });
  });
  return parsed;
}

/** The kind fields a body sets (shape-checked into `problems`); a field the kind lacks is a problem. */
export function parseKindFields(body: Body, resource: DocumentResource, problems: Problems): Partial<DocumentKindFields> {
  const own = new Set<DocumentKindField>(DocumentKindFieldNames[resource]);
  const changes: Record<string, unknown> = {};
  for (const field of ALL_KIND_FIELDS) {
    if (body[field] === undefined) continue;
    if (!own.has(field)) {
      problem(problems, field, `is not a field of a ${resource}`);
      continue;
    }
    const value = field === 'claimItems' ? claimItems(body, problems) : PARSERS[field](body, field, problems);
    if (value !== undefined) changes[field] = value;
  }
  return changes;
}

/** A new document's kind fields: every field of its kind, null (or no claim items) when not given. */
export function kindFieldsForCreate(resource: DocumentResource, changes: Partial<DocumentKindFields>): DocumentKindFields {
  const fields: Record<string, unknown> = {};
  for (const field of DocumentKindFieldNames[resource]) fields[field] = changes[field] ?? (field === 'claimItems' ? [] : null);
  return fields;
}
