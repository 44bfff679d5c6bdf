// A document kind's list: tabs per machine state, filters (text, project, counterparty, dates), sorting,
// paging, and bulk deciding where the machine has a deciding event. All of it from the catalogue entry.
import { CapWarning } from '../subscriptions/CapWarning.js';
import { useMemo } from 'react';
import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { TenderTypes, type DocumentListItem } from '@binaan/contracts';
import { BqTenderButton } from '../tendering/BqTenderDialog.js';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Chip, Link } from '@mui/material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import { bulkEvents, type CatalogueEntry } from '../catalogue/catalogue.js';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDate, formatDateTime, formatMoney } from '../format.js';
import { failureText } from '../layout/load-failure.js';
import { ListLoadFailed } from '../layout/LoadFailed.js';
import { useSession } from '../../shared/session/session-store.js';
import { AwaitingApprovalFilter } from './AwaitingApprovalFilter.js';
import { BulkDecisionButton } from './BulkDecisionButton.js';
import { otherParty } from './company-names.js';
import { DocumentPagination } from './DocumentPagination.js';
import { CounterpartyFilterInput, DateFilterInput, ProjectFilterInput } from './list-filter-inputs.js';
import { StatusChip } from './StatusChip.js';
import { DueTime } from './DueTime.js';
import { StatusTabs } from './StatusTabs.js';
import { unpricedTender } from './unpriced-tender.js';
import { useProjectsLoaded } from './use-projects.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { addressNamesProject } from './list-follows.js';
import { activeProject, clearActiveProject, useProjectSelection } from '../projects/project-selection.js';

function useFilters(following: boolean, resource: string) {
  const translate = useTranslate();
  const projects = useProjectsLoaded();
  // The project filter offers the user's projects; when they could not be loaded, its empty menu says why.
  const projectsFailed = projects.failure
    ? failureText(translate, translate('admin.loadFailed.what.projects'), projects.failure)
    : undefined;
  const types = TenderTypes.map((type) => ({ id: type, name: translate(`admin.tenderTypes.${type}`) }));
  return [
    // A tender's type (material, machine, trade, technical): the api's tenderType filter.
    ...(resource === 'tender'
      ? [<ProjectFilterInput key="tenderType" source="tenderType" label="admin.fields.tenderType" choices={types} />]
      : []),
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.documents.search')} />,
    // While the list follows the selected project, that is its project filter (the chip above the list clears it).
    ...(following
      ? []
      : [
          <ProjectFilterInput
            key="projectId"
            source="projectId"
            label="admin.fields.project"
            choices={projects.data ?? []}
            optionText="name"
            {...(projectsFailed ? { helperText: projectsFailed } : {})}
          />,
        ]),
    <CounterpartyFilterInput key="counterparty" source="counterparty" />,
    <DateFilterInput key="dateFrom" source="dateFrom" label="admin.fields.dateFrom" filter />,
    <DateFilterInput key="dateTo" source="dateTo" label="admin.fields.dateTo" filter />,
  ];
}

function ListActions({ canCreate, resource }: { canCreate: boolean; resource: string }) {
  return (
    // Wraps on a phone: a longer label (Malay's "Menunggu kelulusan sahaja") pushed the row past the left edge, hiding the switch.
    <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <AwaitingApprovalFilter />
      <FilterButton />
      {canCreate && <CreateButton />}
      {/* A tender may also be made from items of a project's approved bill of quantity. */}
      {canCreate && resource === 'tender' && <BqTenderButton />}
    </TopToolbar>
  );
}

function ShowLink({ resource, row }: { resource: string; row: DocumentListItem }) {
  return (
    <Link
      component={RouterLink}
      to={`/${resource}/${encodeURIComponent(row.id)}/show`}
      onClick={(event) => event.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid="document-link"
    >
      {row.documentNo}
    </Link>
  );
}

/** The other party: the counterparty of the company's own documents, the sender of those it received. */
function OtherParty({ row }: { row: DocumentListItem }) {
  const translate = useTranslate();
  const party = otherParty(row, useSession()?.selectedCompany);
  return (
    <span data-testid="other-party">
      {party.kind === 'from' ? translate('admin.documents.fromCompany', { name: party.name }) : party.name}
    </span>
  );
}

/** The project the list follows, as a chip: its name opens the project, its delete button goes back to all projects. */
function FollowedProject({ project }: { project: { id: string; name: string; code: string } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const clear = () => {
    void clearActiveProject()?.then(
      () => notify('admin.projects.selector.workingInAll', { type: 'info' }),
      (error: unknown) => notify(`error.${errorCodeOf(error)}`, { type: 'error' }),
    );
  };
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {/* The chip opens the project (Delete or Backspace on it, or its cross, clears); the button says the same in words. */}
      <Chip
        icon={<ApartmentIcon />}
        color="primary"
        variant="outlined"
        data-testid="list-project-chip"
        label={translate('admin.projects.selector.listChip', { name: project.name })}
        onClick={() => void navigate(`/projects/${encodeURIComponent(project.id)}`)}
        onDelete={clear}
      />
      <Button size="small" onClick={clear} data-testid="list-project-clear">
        {translate('admin.projects.selector.showAll')}
      </Button>
    </Box>
  );
}

/**
 * On a phone or tablet the title and the other party keep a few words a line (squeezed to the screen they
 * stood a word a line); the table scrolls sideways in its own box instead (theme.ts, RaDatagrid).
 */
const READABLE_COLUMNS = {
  '& .column-title': { minWidth: { xs: 180, md: 0 } },
  '& .column-counterpartyCompanyId': { minWidth: { xs: 150, md: 0 } },
};

export function DocumentList({ entry, canCreate }: { entry: CatalogueEntry; canCreate: boolean }) {
  const translate = useTranslate();
  const location = useLocation();
  const selected = activeProject(useProjectSelection());
  const explicit = addressNamesProject(location.search);
  const followed = selected && !explicit ? selected : null;
  const filters = useFilters(followed !== null, entry.resource);
  const followedId = followed?.id;
  const permanent = useMemo(() => (followedId ? { projectId: followedId } : undefined), [followedId]);
  const deciding = bulkEvents(entry);
  return (
    <>
      {/* Above the list, so an empty one (react-admin's "No orders yet, create one?") warns too. */}
      <CapWarning resource={entry.resource} />
      <List
        resource={entry.resource}
        filter={permanent}
        title={resourceLabel(translate, entry.resource)}
        error={<ListLoadFailed what={resourceLabel(translate, entry.resource)} />}
        filters={filters}
        actions={<ListActions canCreate={canCreate} resource={entry.resource} />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<DocumentPagination />}
        storeKey={`documents.${entry.resource}`}
      >
        {followed && <FollowedProject project={followed} />}
        <StatusTabs entry={entry} />
        <Datagrid
          sx={READABLE_COLUMNS}
          rowClick="show"
          bulkActionButtons={
            deciding.length > 0 ? (
              <>
                {deciding.map((event) => (
                  <BulkDecisionButton key={event} resource={entry.resource} event={event} />
                ))}
              </>
            ) : (
              false
            )
          }
        >
          {/* The row opens on a click; the number is its link, so the keyboard reaches it too. */}
          <FunctionField<DocumentListItem>
            source="documentNo"
            label="admin.fields.documentNo"
            render={(r) => <ShowLink resource={entry.resource} row={r} />}
          />
          {/* The status right after the number, so a phone's 375 px show both without scrolling sideways. */}
          <FunctionField<DocumentListItem>
            source="status"
            label="admin.fields.status"
            render={(r) => (
              <>
                <StatusChip resource={entry.resource} status={r.status} awaitingLevel={r.awaitingLevel} wrap />
                {/* An approval level with a response time says when it is due, or how long overdue. */}
                {r.dueAt && (
                  <Box sx={{ mt: 0.5 }}>
                    <DueTime dueAt={r.dueAt} />
                  </Box>
                )}
              </>
            )}
          />
          <TextField source="title" label="admin.fields.title" />
          {entry.resource === 'tender' && (
            <FunctionField<DocumentListItem>
              source="tenderType"
              sortable={false}
              label="admin.fields.tenderType"
              render={(r) => (r.tenderType ? translate(`admin.tenderTypes.${r.tenderType}`) : '-')}
            />
          )}
          {/* When a tender closes is what its list is read for (the bidders' deadline); not offered as a sort (no index). */}
          {entry.resource === 'tender' && (
            <FunctionField<DocumentListItem>
              source="closeAt"
              sortable={false}
              label="admin.fields.closeAt"
              render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{r.closeAt ? formatDateTime(r.closeAt) : '-'}</span>}
            />
          )}
          {/* A tender's total is the buyer's estimate (its lines' rates, a BQ's when made from one); a tender without one shows none, not RM 0.00. */}
          <FunctionField<DocumentListItem>
            source="total"
            label="admin.fields.total"
            textAlign="right"
            render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{unpricedTender(r) ? '-' : formatMoney(r.total, r.currency)}</span>}
          />
          <FunctionField<DocumentListItem>
            source="counterpartyCompanyId"
            sortBy="counterpartyName"
            label="admin.fields.counterparty"
            render={(r) => <OtherParty row={r} />}
          />
          <FunctionField<DocumentListItem> source="createdAt" label="admin.fields.createdAt" render={(r) => formatDate(r.createdAt)} />
          <FunctionField<DocumentListItem> source="updatedAt" label="admin.fields.updatedAt" render={(r) => formatDate(r.updatedAt)} />
        </Datagrid>
      </List>
    </>
  );
}
