// A document's line items (its bill of quantity) under its row: read with the document (GET one, afresh), shown with
// quantities, rates and amounts in RM, and the document's totals.
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { LineItemRow } from '../documents/LineItemRow.js';
import { formatMoney } from '../format.js';
import { useDocument } from './use-document.js';

export function ItemsTable({ document }: { document: Pick<DocumentView, 'items' | 'totals' | 'currency' | 'sstApplicable'> }) {
  const translate = useTranslate();
  if (document.items.length === 0) return <Alert severity="info">{translate('contractor.items.none')}</Alert>;
  const money = (value: string) => formatMoney(value, document.currency);
  // A tender received (totals null) comes without its buyer's estimate: its lines, and what that means, only.
  const totals = document.totals;
  return (
    <>
      <Table size="small" data-testid="bq-items">
        <TableHead>
          <TableRow>
            <TableCell>{translate('contractor.items.no')}</TableCell>
            <TableCell>{translate('admin.fields.description')}</TableCell>
            <TableCell>{translate('admin.fields.unit')}</TableCell>
            <TableCell align="right">{translate('admin.fields.quantity')}</TableCell>
            {totals && (
              <>
                <TableCell align="right">{translate('admin.fields.rate')}</TableCell>
                <TableCell align="right">{translate('admin.fields.amount')}</TableCell>
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {document.items.map((item) => (
            <LineItemRow key={item.lineNo} item={item} currency={document.currency} priced={totals !== null} />
          ))}
          {totals && (
            <>
              <TableRow>
                <TableCell colSpan={5} align="right">
                  {translate('admin.fields.subtotal')}
                </TableCell>
                <TableCell align="right">{money(totals.subtotal)}</TableCell>
              </TableRow>
              {document.sstApplicable && (
                <TableRow>
                  <TableCell colSpan={5} align="right">
                    {translate('admin.fields.sst')}
                  </TableCell>
                  <TableCell align="right">{money(totals.sst)}</TableCell>
                </TableRow>
              )}
              <TableRow>
                <TableCell colSpan={5} align="right">
                  <strong>{translate('admin.fields.total')}</strong>
                </TableCell>
                <TableCell align="right">
                  <strong>{money(totals.total)}</strong>
                </TableCell>
              </TableRow>
            </>
          )}
        </TableBody>
      </Table>
      {!totals && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="estimate-withheld">
          {translate('admin.documents.estimateWithheld')}
        </Alert>
      )}
    </>
  );
}

export function ItemsPanel({ resource }: { resource: string }) {
  const record = useRecordContext<{ id: string }>();
  const { data, pending, error } = useDocument(resource, record?.id ?? '');
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (pending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (error || !data) return <Alert severity="error">{translate('error.unknownError')}</Alert>;
  return (
    // On a phone the list's table is wider than the screen (it scrolls sideways): the panel keeps to the screen's
    // width and stays in view while the row scrolls, so its lines and words are read without scrolling.
    <Box sx={{ py: 1, position: 'sticky', left: 0, maxWidth: 'min(100%, calc(100vw - 48px))', overflowX: 'auto' }}>
      <ItemsTable document={data} />
      <Button component={Link} to={createPath({ resource, id: data.id, type: 'show' })} size="small" sx={{ mt: 1 }}>
        {translate('ra.action.show')}
      </Button>
    </Box>
  );
}
