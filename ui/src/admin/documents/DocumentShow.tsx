// One document: its details with the buttons the machine offers this user, the history timeline, and the
// replay with the state diagram. Tabs keep the page short.
import { useState } from 'react';
import { EditButton, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Box, LinearProgress, Tab, Tabs } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { ActionButtons } from './ActionButtons.js';
import { DocumentDetails } from './DocumentDetails.js';
import { DocumentPageTitle } from './DocumentPageTitle.js';
import { ComparisonTab } from '../tendering/comparison/ComparisonTab.js';
import { HistoryTimeline, useHistory } from './HistoryTimeline.js';
import { ReplayControl } from './ReplayControl.js';
import { useSession } from '../../shared/session/session-store.js';
import { AddendaTab } from '../tendering/AddendaPanel.js';
import { QueriesTab } from '../tendering/QueriesTab.js';

function ShowBody({ entry }: { entry: CatalogueEntry }) {
  const translate = useTranslate();
  const record = useRecordContext<DocumentView>();
  const [tab, setTab] = useState('document');
  const companyId = useSession()?.selectedCompany;
  const history = useHistory(entry.resource, record?.id ?? '', record?.revision ?? -1);
  if (!record) return null;
  // Opened from a list, react-admin shows the list's row until GET one answers (its placeholder data): a row
  // has no totals, items or actions yet, so the page waits for the document itself.
  if (!record.totals || !record.availableActions) return <LinearProgress data-testid="document-loading" aria-label={translate('ra.page.loading')} />;
  // Issue 18: the buyer's own tender has its query board and addenda (the tendering routes answer 404 to others).
  const buyersTender = entry.resource === 'tender' && companyId !== undefined && record.companyId === companyId;
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <ActionButtons target={{ resource: entry.resource, id: record.id, documentNo: record.documentNo, revision: record.revision, total: record.totals.total, itemised: record.items.length > 0 }} actions={record.availableActions} />
        {record.editable && <EditButton />}
      </Box>
      <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        <Tab value="document" label={translate('admin.documents.tabDocument')} />
        <Tab value="history" label={translate('admin.history.title')} data-testid="tab-history" />
        <Tab value="replay" label={translate('admin.replay.title')} data-testid="tab-replay" />
        {buyersTender && <Tab value="queries" label={translate('admin.tenderExchange.tabs.queries')} data-testid="tab-queries" />}
        {buyersTender && <Tab value="addenda" label={translate('admin.tenderExchange.tabs.addenda')} data-testid="tab-addenda" />}
        {buyersTender && <Tab value="comparison" label={translate('admin.tenderComparison.tab')} data-testid="tab-comparison" />}
      </Tabs>
      {tab === 'document' && <DocumentDetails document={record} />}
      {tab === 'history' && <HistoryTimeline resource={entry.resource} id={record.id} rows={history} />}
      {tab === 'replay' && <ReplayControl entry={entry} document={record} history={history} />}
      {buyersTender && tab === 'queries' && <QueriesTab document={record} />}
      {buyersTender && tab === 'addenda' && <AddendaTab document={record} />}
      {buyersTender && tab === 'comparison' && <ComparisonTab tenderId={record.id} revision={record.revision} />}
    </Box>
  );
}

export function DocumentShow({ entry }: { entry: CatalogueEntry }) {
  return (
    <Show resource={entry.resource} title={<DocumentPageTitle resource={entry.resource} page="show" />} actions={<TopToolbar><ListButton /></TopToolbar>}>
      <ShowBody entry={entry} />
    </Show>
  );
}
