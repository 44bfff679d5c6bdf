// One tab per state of the kind's machine (from the catalogue), plus "all"; the tab is the list's status
// filter, so paging, sorting and the other filters keep working within it.
import { useListContext, useTranslate } from 'react-admin';
import { Tab, Tabs } from '@mui/material';
import { tabStates, type CatalogueEntry } from '../catalogue/catalogue.js';
import { statusLabel } from '../catalogue/labels.js';

export const ALL_TAB = '__all';

export function StatusTabsView({ entry, value, onChange }: { entry: CatalogueEntry; value: string; onChange: (status: string) => void }) {
  const translate = useTranslate();
  return (
    <Tabs
      value={value}
      onChange={(_e, next: string) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={translate('admin.documents.statusTabs')}
    >
      <Tab value={ALL_TAB} label={translate('admin.documents.allStatuses')} data-testid="tab-all" />
      {tabStates(entry).map((state) => (
        <Tab
          key={state.status}
          value={state.status}
          label={statusLabel(translate, entry.resource, state.status)}
          data-testid={`tab-${state.status}`}
        />
      ))}
    </Tabs>
  );
}

export function StatusTabs({ entry }: { entry: CatalogueEntry }) {
  const { filterValues, setFilters, displayedFilters } = useListContext() as {
    filterValues: Record<string, unknown>;
    setFilters: (filters: Record<string, unknown>, displayed: unknown) => void;
    displayedFilters: unknown;
  };
  const value = typeof filterValues.status === 'string' ? filterValues.status : ALL_TAB;
  const change = (status: string) => {
    const { status: _dropped, ...rest } = filterValues;
    setFilters(status === ALL_TAB ? rest : { ...rest, status }, displayedFilters);
  };
  return <StatusTabsView entry={entry} value={value} onChange={change} />;
}
