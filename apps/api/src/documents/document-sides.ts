// Which side created a document: the seller or the buyer (the machines' `createdBySeller`). It decides
// which answer the other company is offered (Reject_By_Buyer when the seller created the document,
// Reject_By_Seller when the buyer did: workflows/docs/deliveryOrder.md, serviceOrder.md), the page a
// notification leads to (the seller-* pages of signed-in-area.md §2.6) and its vendor_name. Recorded once,
// on Create, from the creating company's side:
// - invoices and claims are raised by the seller (the one who is paid), always;
// - a delivery or service order drawing on an order: the order's owner is its buyer (orders are placed by
//   the buyer) and its counterparty the seller, so the creator is the seller when it is that counterparty;
// - one drawing on nothing: from the subscription types (spec §4: Seller 2 and ProcurementSeller 12 sell;
//   Buyer 1, Developer 4, DeveloperBuyer 5, BuyerLite 7 and ProcurementBuyer 11 buy). A company of a mixed
//   or other type (BuyerSeller, Consultant, eBuild, CIDB contractor) is the seller when its counterparty
//   is a buying type, else the buyer (a buyer recording a delivery, as before).
import { Inject, Injectable } from '@nestjs/common';
import { SubscriptionType, type DocumentResource } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';

const RAISED_BY_SELLER: ReadonlySet<DocumentResource> = new Set(['invoice', 'progressiveClaim', 'milestoneClaim']);
const EITHER_SIDE: ReadonlySet<DocumentResource> = new Set(['deliveryOrder', 'serviceOrder']);
const SELLING: ReadonlySet<number> = new Set([SubscriptionType.Seller, SubscriptionType.ProcurementSeller]);
const BUYING: ReadonlySet<number> = new Set([
  SubscriptionType.Buyer,
  SubscriptionType.Developer,
  SubscriptionType.DeveloperBuyer,
  SubscriptionType.BuyerLite,
  SubscriptionType.ProcurementBuyer,
]);

export type SideFacts = {
  creatorCompanyId: string;
  /** The order the document draws on, when it names one the store has. */
  source: { companyId: string; counterpartyCompanyId: string | null } | null;
  creatorType: number | null;
  counterpartyType: number | null;
};

/** true: the seller created it; false: the buyer; undefined: the kind has no sides (the machine's default). */
export function createdBySeller(resource: DocumentResource, facts: SideFacts): boolean | undefined {
  if (RAISED_BY_SELLER.has(resource)) return true;
  if (!EITHER_SIDE.has(resource)) return undefined;
  if (facts.source) return facts.source.counterpartyCompanyId === facts.creatorCompanyId;
  if (facts.creatorType !== null && SELLING.has(facts.creatorType)) return true;
  if (facts.creatorType !== null && BUYING.has(facts.creatorType)) return false;
  return facts.counterpartyType !== null && BUYING.has(facts.counterpartyType);
}

@Injectable()
export class DocumentSides {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  /**
   * The side of a document about to be created. A source the company may not draw on is refused later
   * (DocumentDraws, 422 unknownSourceDocument), so here an unknown one just counts as none.
   */
  async createdBySeller(
    resource: DocumentResource,
    creatorCompanyId: string,
    refs: { sourceDocumentId: string | null; counterpartyCompanyId: string | null },
  ): Promise<boolean | undefined> {
    if (!EITHER_SIDE.has(resource))
      return createdBySeller(resource, { creatorCompanyId, source: null, creatorType: null, counterpartyType: null });
    const [source] = refs.sourceDocumentId
      ? await this.db.query<{ company_id: string; counterparty_company_id: string | null }>(
          'SELECT company_id, counterparty_company_id FROM documents WHERE id = $1',
          [refs.sourceDocumentId],
        )
      : [];
    const types = await this.db.query<{ company_id: string; subscription_type: number | string }>(
      'SELECT company_id, subscription_type FROM companies WHERE company_id = ANY($1::text[])',
      [[creatorCompanyId, refs.counterpartyCompanyId].filter((id): id is string => id !== null)],
    );
    const typeOf = (id: string | null) => {
      const row = id === null ? undefined : types.find((t) => t.company_id === id);
      return row ? Number(row.subscription_type) : null;
    };
    return createdBySeller(resource, {
      creatorCompanyId,
      source: source ? { companyId: source.company_id, counterpartyCompanyId: source.counterparty_company_id } : null,
      creatorType: typeOf(creatorCompanyId),
      counterpartyType: typeOf(refs.counterpartyCompanyId),
    });
  }
}
