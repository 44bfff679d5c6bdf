// A tender made from an approved request, pure: the tender's create body from the request's
// fields and the caller's own (times, budget, a new title). The request's items, project and kind are
// carried over and cannot be replaced here; the documents context's create checks the rest (the request
// approved, one live tender per request, §5.3's times).
import { RequestTenderTypes, type DocumentFields, type RequestResource } from '@binaan/contracts';
import { invalidFields } from '../../common/refusal.js';

/** What the caller may add to the tender made from a request. */
const OWN_FIELDS = [
  'title',
  'description',
  'openAt',
  'closeAt',
  'expectedDeliveryStart',
  'expectedDeliveryEnd',
  'minimumAmount',
  'maximumAmount',
  'startDate',
  'endDate',
];

export type RequestForTender = { resource: RequestResource; id: string; documentNo: string; fields: DocumentFields };

export function tenderBodyFromRequest(request: RequestForTender, raw: unknown): Record<string, unknown> {
  const body = raw === undefined || raw === null ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidFields({ body: ['must be a JSON object'] });
  const given = body as Record<string, unknown>;
  const foreign = Object.keys(given).filter((key) => !OWN_FIELDS.includes(key));
  if (foreign.length > 0)
    throw invalidFields(
      Object.fromEntries(foreign.map((key) => [key, ['is taken from the request, or is not a field of a tender made from one']])),
    );
  const { fields } = request;
  return {
    title: fields.title,
    description: fields.description || `From request ${request.documentNo}`,
    ...(fields.startDate ? { startDate: fields.startDate } : {}),
    ...(fields.endDate ? { endDate: fields.endDate } : {}),
    ...given,
    projectId: fields.projectId,
    tenderType: RequestTenderTypes[request.resource],
    sourceDocumentId: request.id,
    // The request's rates are the buyer's estimate; a rate of 0 keeps its include box (§5.3).
    items: fields.items.map(({ description, unit, quantity, rate, includeZeroRate }) => ({
      description,
      unit,
      quantity,
      rate,
      includeZeroRate,
    })),
  };
}
