// "Awaiting approval only": narrows a document list to the documents in an open approval round (the
// list's filter awaitingApproval, answered from an index). Off removes the filter rather than asking for
// the documents outside a round.
import { useListContext, useTranslate } from 'react-admin';
import { FormControlLabel, Switch } from '@mui/material';

export function AwaitingApprovalFilter() {
  const translate = useTranslate();
  const {
    filterValues: filters,
    setFilters,
    displayedFilters,
  } = useListContext() as {
    filterValues: Record<string, unknown>;
    setFilters: (filters: Record<string, unknown>, displayed: unknown) => void;
    displayedFilters: unknown;
  };
  const on = filters.awaitingApproval === true;
  const toggle = (next: boolean) => {
    const { awaitingApproval: _dropped, ...rest } = filters;
    setFilters(next ? { ...rest, awaitingApproval: true } : rest, displayedFilters);
  };
  return (
    <FormControlLabel
      sx={{ mr: 1, whiteSpace: 'nowrap' }}
      control={<Switch size="small" checked={on} onChange={(event) => toggle(event.target.checked)} />}
      label={translate('admin.documents.awaitingApprovalOnly')}
      data-testid="awaiting-approval-filter"
    />
  );
}
