// Events of a company's catalogue item, stream `catalogueItem-<itemId>` (type `catalogueItem`). Who is
// metadata.actorUserId, when is recordedAt, why is `reason` (required to retire or restore, optional else).
// Names and codes are kept unique per company by claim streams (catalogue-item-claims.ts):
//   catalogueItemName-<companyId>-<kind>-<hash of the name key>, catalogueItemCode-<companyId>-<hash of the code key>:
//   CatalogueItemNameClaimed / CatalogueItemCodeClaimed { itemId }.
import type { CatalogueItemKind, CatalogueItemValues } from '@binaan/contracts';

export type CatalogueItemEvent =
  | {
      type: 'CatalogueItemAdded';
      data: { itemId: string; companyId: string; kind: CatalogueItemKind; values: CatalogueItemValues; reason: string };
    }
  /** Only the fields that changed, each with its new value. */
  | { type: 'CatalogueItemEdited'; data: { itemId: string; changes: Partial<CatalogueItemValues>; reason: string } }
  | { type: 'CatalogueItemRetired'; data: { itemId: string; reason: string } }
  | { type: 'CatalogueItemRestored'; data: { itemId: string; reason: string } };

export type CatalogueClaimEvent = { type: 'CatalogueItemNameClaimed' | 'CatalogueItemCodeClaimed'; data: { itemId: string } };

export const CATALOGUE_ITEM_STREAM_TYPE = 'catalogueItem';
export const CATALOGUE_ITEM_EVENT_TYPES = [
  'CatalogueItemAdded',
  'CatalogueItemEdited',
  'CatalogueItemRetired',
  'CatalogueItemRestored',
] as const;
export const catalogueItemStream = (itemId: string) => `catalogueItem-${itemId}`;
