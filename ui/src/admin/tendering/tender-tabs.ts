// The tender page's own tabs (issue 18), after Document, History and Replay: one entry per tab, each
// panel in its own file. Queries, addenda, comparison and award add their entries here.
import type { DocumentTab } from '../documents/document-tabs.js';
import { InvitationsTab } from './InvitationsTab.js';

/** The buyer's own tender (the tendering routes answer 404 to anyone else). */
export const buyersTender: DocumentTab['shows'] = (document, companyId) => companyId !== undefined && document.companyId === companyId;

export const TENDER_TABS: readonly DocumentTab[] = [
  { value: 'invitations', labelKey: 'tendering.tabs.invitations', shows: buyersTender, Panel: InvitationsTab },
];
