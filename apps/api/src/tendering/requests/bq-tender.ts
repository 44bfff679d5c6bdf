// A tender made from items of a project's approved bill of quantity, pure: the picked items
// become the tender's lines (title and description as its description, unit, quantity; the BQ's rate as
// the buyer's estimate where it has one, else 0 with the include box, which the sellers' rates replace).
import { refusal, invalidFields } from '../../common/refusal.js';
import { TenderTypes, type TenderType } from '@binaan/contracts';
import type { BqState } from '../../bills-of-quantity/bq-tree.js';
import { BQ_LINKED_LINES } from '../../documents/document-fields.js';

const MAX_PICKED = 500;
/** What the caller may add to the tender besides the picked items. */
const OWN_FIELDS = [
  'title',
  'description',
  'tenderType',
  'openAt',
  'closeAt',
  'expectedDeliveryStart',
  'expectedDeliveryEnd',
  'minimumAmount',
  'maximumAmount',
  'startDate',
  'endDate',
];

export type BqTenderRequest = { projectId: string; itemIds: string[]; fields: Record<string, unknown> };

export function parseBqTender(raw: unknown): BqTenderRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidFields({ body: ['must be a JSON object'] });
  const { projectId, itemIds, ...rest } = raw as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  if (typeof projectId !== 'string' || projectId.length === 0 || projectId.length > 200)
    problems.projectId = ['required: the project whose bill of quantity the items come from'];
  const ids = Array.isArray(itemIds) ? itemIds : [];
  if (!Array.isArray(itemIds) || ids.length === 0 || ids.length > MAX_PICKED || ids.some((id) => typeof id !== 'string'))
    problems.itemIds = [`must be a list of 1 to ${MAX_PICKED} item ids of the bill of quantity`];
  else if (new Set(ids).size !== ids.length) problems.itemIds = ['names an item twice'];
  for (const key of Object.keys(rest))
    if (!OWN_FIELDS.includes(key)) problems[key] = ['is not a field of a tender made from a bill of quantity'];
  if (rest.tenderType !== undefined && !(TenderTypes as readonly unknown[]).includes(rest.tenderType))
    problems.tenderType = [`must be one of ${TenderTypes.join(', ')}`];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { projectId: projectId as string, itemIds: ids as string[], fields: rest };
}

/** The tender's create body; the BQ must be approved (active) and hold every picked id as an item. */
export function tenderBodyFromBq(bq: BqState, request: BqTenderRequest, projectName: string): Record<string | symbol, unknown> {
  if (bq.workflow?.status !== 'active') throw refusal(409, 'bqNotApproved', 'Only an approved bill of quantity gives items to a tender.');
  const missing = request.itemIds.filter((id) => bq.nodes.get(id)?.type !== 'item');
  if (missing.length > 0)
    throw refusal(422, 'bqItemNotFound', 'Some picked ids are not items of the bill of quantity.', {
      fields: { itemIds: missing.map((id) => `bqItemNotFound: ${id}`) },
    });
  const items = request.itemIds.map((id) => {
    const node = bq.nodes.get(id)!;
    const rate = node.rate ?? '0';
    return {
      description: [node.title, node.description]
        .filter((text): text is string => Boolean(text))
        .join(': ')
        .slice(0, 1000),
      unit: node.unit ?? 'item',
      quantity: node.quantity ?? '1',
      rate,
      ...(Number(rate) === 0 ? { includeZeroRate: true } : {}),
      // The line keeps the row it was made from (the BQ row then lists its tenders: bq-item-tenders).
      bqItemId: id,
    };
  });
  return {
    [BQ_LINKED_LINES]: true,
    title: `Tender from the bill of quantity, ${projectName}`.slice(0, 200),
    tenderType: 'material' satisfies TenderType,
    ...request.fields,
    projectId: request.projectId,
    items,
  };
}
