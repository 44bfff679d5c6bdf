// A tender's total is the buyer's estimate (its lines' rates; a BQ's when made from one). One without rates has
// no estimate: lists show "-" for it rather than "RM 0.00", which reads as a price (documents README, "The tenders list").
// A tender received (the reader is the company it is addressed to) comes without its buyer's estimate (total null)
// and shows "-" too.
import type { DocumentListItem } from '@binaan/contracts';

export const unpricedTender = (row: Pick<DocumentListItem, 'resource' | 'total'>): boolean =>
  row.resource === 'tender' && (row.total === null || Number(row.total) === 0);
