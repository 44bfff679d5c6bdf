// The list's paging. Past DocumentListTotalCap matching documents the server stops counting (
// a count of a million rows on every page is what made the lists slow), so the total reads
// "1-25 of 10,000 or more" and a line says plainly why and how to narrow the list.
import { DocumentListSearchTotalCap, DocumentListTotalCap, type DocumentListItem } from '@binaan/contracts';
import { Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';

export function DocumentPagination() {
  const translate = useTranslate();
  const list = useListContext<DocumentListItem>();
  const total = list.total;
  const filterValues = list.filterValues as { q?: unknown } | undefined;
  // A search's count stops sooner than a list's (contracts: DocumentListSearchTotalCap).
  const limit = typeof filterValues?.q === 'string' && filterValues.q !== '' ? DocumentListSearchTotalCap : DocumentListTotalCap;
  const capped = total != null && total >= limit;
  const cap = limit.toLocaleString('en');
  if (!capped) return <Pagination />;
  return (
    <>
      <Typography variant="body2" role="status" sx={{ px: 2, pt: 1 }} data-testid="list-total-capped">
        {translate('admin.documents.totalCapped', { cap })}
      </Typography>
      {/* react-admin hands the rest of its props to MUI's TablePagination, whose label this replaces; its own props type leaves the label out. */}
      <Pagination
        {...({
          labelDisplayedRows: ({ from, to }: { from: number; to: number }) =>
            translate('admin.documents.pageRangeCapped', { from: from.toLocaleString('en'), to: to.toLocaleString('en'), cap }),
        } as object)}
      />
    </>
  );
}
