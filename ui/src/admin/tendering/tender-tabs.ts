// The tender page's own tabs, after Document, History and Replay: one entry per tab, each
// panel in its own file. Analysis and Award show only past the close (before it the api answers tenderSealed).
import { createElement } from 'react';
import type { DocumentTab } from '../documents/document-tabs.js';
import { AddendaTab } from './AddendaPanel.js';
import { AnalysisTab } from './analysis/AnalysisTab.js';
import { AwardTab } from './award/AwardTab.js';
import { PAST_CLOSE } from './award/award-model.js';
import { ComparisonTab } from './comparison/ComparisonTab.js';
import { InvitationsTab } from './InvitationsTab.js';
import { QueriesTab } from './QueriesTab.js';

/** The buyer's own tender (the tendering routes answer 404 to anyone else). */
export const buyersTender: DocumentTab['shows'] = (document, companyId) => companyId !== undefined && document.companyId === companyId;

export const TENDER_TABS: readonly DocumentTab[] = [
  { value: 'invitations', labelKey: 'tendering.tabs.invitations', shows: buyersTender, Panel: InvitationsTab },
  { value: 'queries', labelKey: 'admin.tenderExchange.tabs.queries', shows: buyersTender, Panel: QueriesTab },
  { value: 'addenda', labelKey: 'admin.tenderExchange.tabs.addenda', shows: buyersTender, Panel: AddendaTab },
  // The sheet answers 409 (sealed) before the close: the tab says so itself.
  {
    value: 'comparison',
    labelKey: 'admin.tenderComparison.tab',
    shows: buyersTender,
    Panel: ({ document }) => createElement(ComparisonTab, { tenderId: document.id, revision: document.revision }),
  },
  {
    value: 'analysis',
    labelKey: 'admin.tenderAnalysis.tab',
    shows: (document, companyId) => buyersTender(document, companyId) && PAST_CLOSE.has(document.status),
    Panel: AnalysisTab,
  },
  {
    value: 'award',
    labelKey: 'admin.tenderAward.tab',
    shows: (document, companyId) => buyersTender(document, companyId) && PAST_CLOSE.has(document.status),
    Panel: AwardTab,
  },
];
