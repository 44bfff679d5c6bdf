// Tabs a document kind adds to its page after "Document", "History" and "Replay": one list per kind, one
// file per tab (tendering/tender-tabs.ts lists the tender's), so a context adds a tab without touching the page.
import type { ComponentType } from 'react';
import type { DocumentView } from '@binaan/contracts';
import { TENDER_TABS } from '../tendering/tender-tabs.js';
import { RequestTenderTab } from '../tendering/RequestTenderTab.js';
import { InstructionComparisonTab } from './InstructionComparisonTab.js';

export type DocumentTab = {
  /** The tab's value, also `?tab=<value>` in the page's address (a notification lands on it). */
  value: string;
  labelKey: string;
  /** Whether this user sees the tab on this document (e.g. the buyer's own tender only). */
  shows: (document: DocumentView, companyId: string | undefined) => boolean;
  Panel: ComponentType<{ document: DocumentView }>;
};

/** A request's own company sees the tenders made from it (the api answers 404 to anyone else). */
const REQUEST_TABS: readonly DocumentTab[] = [
  {
    value: 'tender',
    labelKey: 'admin.requests.tab',
    shows: (document, companyId) => companyId !== undefined && document.companyId === companyId,
    Panel: RequestTenderTab,
  },
];

/** An instruction's comparison: what was instructed beside the variation orders made from it (§2.6 .../comparison). */
const INSTRUCTION_TABS: readonly DocumentTab[] = [
  { value: 'comparison', labelKey: 'admin.variations.comparison.tab', shows: () => true, Panel: InstructionComparisonTab },
];

const EXTRA_TABS: Readonly<Partial<Record<string, readonly DocumentTab[]>>> = {
  tender: TENDER_TABS,
  materialRequest: REQUEST_TABS,
  machineRequest: REQUEST_TABS,
  tradeRequest: REQUEST_TABS,
  instruction: INSTRUCTION_TABS,
};

export const documentTabs = (resource: string, document: DocumentView, companyId: string | undefined): readonly DocumentTab[] =>
  (EXTRA_TABS[resource] ?? []).filter((tab) => tab.shows(document, companyId));
