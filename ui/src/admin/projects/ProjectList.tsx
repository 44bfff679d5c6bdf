// A project list per project type (/project/developer, /project/demand, /project/supply; the spec's
// notification paths add the status tab: /project/demand/pending-approval): tabs from the project machine's
// statuses, search, sorting on every column shown, and create for whoever may create projects.
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  Title,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Link } from '@mui/material';
import { hasAnyAccessRight, type ProjectRow } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { StatusChip } from '../documents/StatusChip.js';
import { ListLoadFailed, LoadFailed } from '../layout/LoadFailed.js';
import { ALL_TAB, StatusTabsView } from '../documents/StatusTabs.js';
import { NotFoundPage } from '../../shared/pages/NotFoundPage.js';
import { isProjectKind, PROJECT_KINDS, statusOfTab } from './project-kinds.js';
import { useProjectEntryLoaded } from './use-project-entry.js';

function Tabs({ entry }: { entry: CatalogueEntry }) {
  const { filterValues, setFilters, displayedFilters } = useListContext() as {
    filterValues: Record<string, unknown>;
    setFilters: (f: Record<string, unknown>, d: unknown) => void;
    displayedFilters: unknown;
  };
  const value = typeof filterValues.status === 'string' ? filterValues.status : ALL_TAB;
  const change = (status: string) => {
    const { status: _dropped, ...rest } = filterValues;
    setFilters(status === ALL_TAB ? rest : { ...rest, status }, displayedFilters);
  };
  return <StatusTabsView entry={entry} value={value} onChange={change} />;
}

function NameLink({ row }: { row: ProjectRow }) {
  return (
    <Link
      component={RouterLink}
      to={`/projects/${encodeURIComponent(row.id)}`}
      onClick={(e) => e.stopPropagation()}
      data-testid="project-link"
    >
      {row.name}
    </Link>
  );
}

export function ProjectList() {
  const { kind, tab } = useParams();
  const translate = useTranslate();
  const session = useSession();
  const loaded = useProjectEntryLoaded();
  // A §2.6 project notification names its project (?viewid=): its page, whatever the tab (a developer
  // project's notification says supply, §2.6 "any other value means supply").
  const [query] = useSearchParams();
  const viewid = query.get('viewid');
  if (viewid) return <Navigate to={`/projects/${encodeURIComponent(viewid)}`} replace />;
  if (!isProjectKind(kind)) return <NotFoundPage />;
  const title = translate(`admin.projects.list.${kind}`);
  // The tabs are the machine's statuses: without the catalogue there is no list to show, and the page says why.
  if (loaded.failure)
    return (
      <>
        <Title title={title} />
        <LoadFailed what={title} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 2 }} />
      </>
    );
  const entry = loaded.data;
  if (!entry) return null;
  const canCreate = hasAnyAccessRight(session?.accessRights ?? '', 'project.create');
  const status = statusOfTab(tab);
  return (
    <List
      key={kind}
      resource="projects"
      title={title}
      error={<ListLoadFailed what={title} />}
      filter={{ projectType: PROJECT_KINDS[kind] }}
      filterDefaultValues={status ? { status } : {}}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.projects.search')} />]}
      actions={<TopToolbar>{canCreate && <CreateButton to={`/project/${kind}/create`} />}</TopToolbar>}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      storeKey={`projects.${kind}`}
      disableSyncWithLocation
    >
      <Tabs entry={entry} />
      <Datagrid rowClick={(id) => `/projects/${encodeURIComponent(String(id))}`} bulkActionButtons={false}>
        <FunctionField<ProjectRow> source="name" label="admin.projects.fields.name" render={(r) => <NameLink row={r} />} />
        <TextField source="code" label="admin.projects.fields.code" />
        <TextField source="shortTitle" label="admin.projects.fields.shortTitle" />
        <TextField source="location" label="admin.projects.fields.location" />
        <FunctionField<ProjectRow> source="category" label="admin.projects.fields.category" render={(r) => r.category ?? '-'} />
        <FunctionField<ProjectRow>
          source="status"
          label="admin.projects.fields.status"
          render={(r) => <StatusChip resource="project" status={r.status} />}
        />
        <FunctionField<ProjectRow>
          source="siteContactPerson"
          label="admin.projects.fields.siteContact"
          render={(r) =>
            r.siteContactPerson ? (
              <span>
                {r.siteContactPerson}
                <br />
                <a href={`tel:${r.siteContactNumber}`}>{r.siteContactNumber}</a>
              </span>
            ) : (
              '-'
            )
          }
        />
      </Datagrid>
    </List>
  );
}
