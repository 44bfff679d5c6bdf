// A contractor-menu list (§2.4): one document kind in one direction (sent or received), optionally only some
// statuses, with the party on the other side, the project, status, total (RM) and date (DD/MM/YYYY). Rows open
// the document, or its printable form where the page makes one; a bill-of-quantity page unfolds the items.
import { CreateButton, Datagrid, FunctionField, List, Pagination, TextField, TopToolbar, useCreatePath, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import type { DocumentListItem } from '@binaan/contracts';
import { resourceLabel } from '../catalogue/labels.js';
import { AwaitingApprovalFilter } from '../documents/AwaitingApprovalFilter.js';
import { StatusChip } from '../documents/StatusChip.js';
import { formatDate, formatMoney } from '../format.js';
import { ListLoadFailed } from '../layout/LoadFailed.js';
import { unpricedTender } from '../documents/unpriced-tender.js';
import type { ContractorListPage } from './contractor-pages.js';
import { ItemsPanel } from './ItemsPanel.js';

/** An empty list says so, and still offers the create button where the page has one. */
function Empty({ name, createResource }: { name: string; createResource?: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 1 }} data-testid="contractor-empty">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography>{translate('contractor.empty', { name: name.toLowerCase() })}</Typography>
        {createResource && <CreateButton resource={createResource} variant="contained" />}
      </CardContent>
    </Card>
  );
}

export function ContractorDocumentList({ page, pageKey, basePath }: { page: ContractorListPage; pageKey: string; basePath: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  // By the name the row carries: the company's own projects and a sender's, which it cannot open.
  const projectName = (id: string | null, named: string | null) => (id ? (named ?? id) : translate('contractor.columns.noProject'));
  const name = resourceLabel(translate, page.resource);
  const filter = { direction: page.direction, ...(page.statuses ? { status: page.statuses } : {}) };
  return (
    <List
      resource={page.resource}
      filter={filter}
      title={translate(`admin.menu.${pageKey}`)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      storeKey={`contractor.${pageKey}`}
      disableSyncWithLocation
      actions={
        <TopToolbar>
          <AwaitingApprovalFilter />
          {page.create && <CreateButton resource={page.resource} />}
        </TopToolbar>
      }
      empty={<Empty name={name} {...(page.create ? { createResource: page.resource } : {})} />}
      error={<ListLoadFailed what={name} />}
    >
      <Datagrid
        bulkActionButtons={false}
        // A bill-of-quantity page unfolds the row (the panel links to the document); others open it or its paper.
        rowClick={
          page.items
            ? 'expand'
            : (id) =>
                page.print ? `${basePath}/${encodeURIComponent(String(id))}` : createPath({ resource: page.resource, id, type: 'show' })
        }
        {...(page.items ? { expand: <ItemsPanel resource={page.resource} />, expandSingle: true } : {})}
      >
        <TextField source="documentNo" label="admin.fields.documentNo" />
        <TextField source="title" label="admin.fields.title" />
        <FunctionField<DocumentListItem>
          label={page.direction === 'received' ? 'contractor.columns.from' : 'contractor.columns.to'}
          sortable={false}
          render={(r) =>
            page.direction === 'received' ? (r.companyName ?? r.companyId) : (r.counterpartyName ?? r.counterpartyCompanyId ?? '-')
          }
        />
        <FunctionField<DocumentListItem>
          label="contractor.columns.project"
          sortable={false}
          render={(r) => projectName(r.projectId, r.projectName)}
        />
        <FunctionField<DocumentListItem>
          source="status"
          label="admin.fields.status"
          render={(r) => <StatusChip resource={page.resource} status={r.status} awaitingLevel={r.awaitingLevel} />}
        />
        {!page.noTotal && (
          <FunctionField<DocumentListItem>
            source="total"
            label="admin.fields.total"
            textAlign="right"
            render={(r) => (unpricedTender(r) ? '-' : formatMoney(r.total, r.currency))}
          />
        )}
        <FunctionField<DocumentListItem> source="createdAt" label="contractor.columns.date" render={(r) => formatDate(r.createdAt)} />
      </Datagrid>
    </List>
  );
}
