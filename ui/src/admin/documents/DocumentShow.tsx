// One document: its details with the buttons the machine offers this user, the history timeline, and the
// replay with the state diagram. Tabs keep the page short; a kind adds its own (document-tabs.ts), and
// `?tab=<value>` opens one (a notification's landing).
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../shared/session/session-store.js';
import { EditButton, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Box, LinearProgress, Tab, Tabs } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { ActionButtons } from './ActionButtons.js';
import { DocumentDetails } from './DocumentDetails.js';
import { DocumentPageTitle } from './DocumentPageTitle.js';
import { documentTabs } from './document-tabs.js';
import { HistoryTimeline, useHistory } from './HistoryTimeline.js';
import { ReplayControl } from './ReplayControl.js';

function ShowBody({ entry }: { entry: CatalogueEntry }) {
  const translate = useTranslate();
  const record = useRecordContext<DocumentView>();
  const companyId = useSession()?.selectedCompany;
  const asked = new URLSearchParams(useLocation().search).get('tab');
  const [tab, setTab] = useState(asked ?? 'document');
  const history = useHistory(entry.resource, record?.id ?? '', record?.revision ?? -1);
  if (!record) return null;
  // Opened from a list, react-admin shows the list's row until GET one answers (its placeholder data): a row
  // has no totals, items or actions yet, so the page waits for the document itself.
  if (!record.totals || !record.availableActions)
    return <LinearProgress data-testid="document-loading" aria-label={translate('ra.page.loading')} />;
  const extra = documentTabs(entry.resource, record, companyId);
  const extraTab = extra.find((t) => t.value === tab);
  // A `?tab=` this user has no such tab for falls back to the document.
  const shown = ['document', 'history', 'replay'].includes(tab) || extraTab ? tab : 'document';
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <ActionButtons
          target={{
            resource: entry.resource,
            id: record.id,
            documentNo: record.documentNo,
            revision: record.revision,
            total: record.totals.total,
            itemised: record.items.length > 0,
          }}
          actions={record.availableActions}
        />
        {record.editable && <EditButton />}
      </Box>
      <Tabs value={shown} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" scrollButtons="auto">
        <Tab value="document" label={translate('admin.documents.tabDocument')} />
        <Tab value="history" label={translate('admin.history.title')} data-testid="tab-history" />
        <Tab value="replay" label={translate('admin.replay.title')} data-testid="tab-replay" />
        {extra.map((t) => (
          <Tab key={t.value} value={t.value} label={translate(t.labelKey)} data-testid={`tab-${t.value}`} />
        ))}
      </Tabs>
      {shown === 'document' && <DocumentDetails document={record} />}
      {shown === 'history' && <HistoryTimeline resource={entry.resource} id={record.id} rows={history} />}
      {shown === 'replay' && <ReplayControl entry={entry} document={record} history={history} />}
      {extraTab && <extraTab.Panel document={record} />}
    </Box>
  );
}

export function DocumentShow({ entry }: { entry: CatalogueEntry }) {
  return (
    <Show
      resource={entry.resource}
      title={<DocumentPageTitle resource={entry.resource} page="show" />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <ShowBody entry={entry} />
    </Show>
  );
}
