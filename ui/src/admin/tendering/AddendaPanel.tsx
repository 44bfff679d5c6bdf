// A tender's addenda (§2.6 "Tender addendum"). Both sides read the list (what each changed: lines
// without the buyer's rates, the new times, the note). The buyer issues one while the tender is active and
// sees which invitees' quotations are still to be confirmed; `?addendum=<n>` (a notification's landing)
// marks that addendum.
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { addendumBody, localInputValue, type AddendumInputs } from './addendum-form.js';
import { addenda as loadAddenda, issueAddendum, type Addenda, type Addendum } from './exchange-api.js';

function AddendumCard({ addendum, marked }: { addendum: Addendum; marked: boolean }) {
  const translate = useTranslate();
  const line = (l: { lineNo: number; description: string; unit: string; quantity: string }) =>
    `${l.lineNo}. ${l.description} (${l.quantity} ${l.unit})`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 1, borderColor: marked ? 'primary.main' : undefined }}
      data-testid="addendum"
      data-number={addendum.number}
      aria-current={marked ? 'true' : undefined}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography component="h3" variant="subtitle1">
          {translate('admin.tenderExchange.addenda.number', { n: addendum.number })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {addendum.issuedByName
            ? translate('admin.tenderExchange.addenda.issuedBy', { name: addendum.issuedByName, at: formatDateTime(addendum.issuedAt) })
            : formatDateTime(addendum.issuedAt)}
        </Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1 }}>{addendum.note}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {addendum.changed.map((l) => (
          <li key={`c${l.lineNo}`}>{translate('admin.tenderExchange.addenda.changed', { line: line(l) })}</li>
        ))}
        {addendum.added.map((l) => (
          <li key={`a${l.lineNo}`}>{translate('admin.tenderExchange.addenda.added', { line: line(l) })}</li>
        ))}
        {addendum.removed.map((no) => (
          <li key={`r${no}`}>{translate('admin.tenderExchange.addenda.removed', { lineNo: no })}</li>
        ))}
        {addendum.closeAt !== undefined && (
          <li>{translate('admin.tenderExchange.addenda.closeAt', { at: formatDateTime(addendum.closeAt) })}</li>
        )}
        {addendum.openAt !== undefined && (
          <li>{translate('admin.tenderExchange.addenda.openAt', { at: formatDateTime(addendum.openAt) })}</li>
        )}
      </Box>
    </Paper>
  );
}

/** The addenda list, for either side (the seller's page shows it under the confirmation banner). */
export function AddendaList({ reply, marked }: { reply: Addenda; marked?: number | null }) {
  const translate = useTranslate();
  if (reply.data.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-addenda">
        {translate('admin.tenderExchange.addenda.none')}
      </Typography>
    );
  return (
    <Box>
      {[...reply.data].reverse().map((a) => (
        <AddendumCard key={a.addendumId} addendum={a} marked={marked === a.number} />
      ))}
    </Box>
  );
}

function AddendumForm({ document, onIssued }: { document: DocumentView; onIssued: () => void }) {
  const translate = useTranslate();
  const fresh = (): AddendumInputs => ({
    note: '',
    closeAt: localInputValue(document.closeAt),
    add: { description: '', unit: '', quantity: '' },
    lines: document.items.map((item) => ({
      lineNo: item.lineNo,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      newQuantity: item.quantity,
      remove: false,
    })),
  });
  const [inputs, setInputs] = useState<AddendumInputs>(fresh);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const body = addendumBody(inputs, document.closeAt ?? null);
  const submit = () => {
    if (!body) return setError('addendumEmpty');
    issueAddendum(document.id, body, document.revision).then(
      (r) => {
        setDone(
          translate(
            r.warnings.includes('closesWithin30Minutes')
              ? 'admin.tenderExchange.addenda.issuedSoon'
              : 'admin.tenderExchange.addenda.issued',
            { n: r.number },
          ),
        );
        setError(null);
        onIssued();
      },
      (e: unknown) => setError(errorCodeOf(e)),
    );
  };
  const setLine = (lineNo: number, change: Partial<AddendumInputs['lines'][number]>) =>
    setInputs({ ...inputs, lines: inputs.lines.map((l) => (l.lineNo === lineNo ? { ...l, ...change } : l)) });
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ p: 2, mb: 3 }}
      data-testid="addendum-form"
    >
      <Typography component="h3" variant="subtitle1" gutterBottom>
        {translate('admin.tenderExchange.addenda.issue')}
      </Typography>
      <TableContainer sx={{ mb: 2 }}>
        <Table size="small" aria-label={translate('admin.tenderExchange.addenda.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('admin.tenderExchange.addenda.line')}</TableCell>
              <TableCell>{translate('admin.tenderExchange.addenda.quantity')}</TableCell>
              <TableCell padding="checkbox">{translate('admin.tenderExchange.addenda.remove')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {inputs.lines.map((l) => (
              <TableRow key={l.lineNo}>
                <TableCell>{`${l.lineNo}. ${l.description} (${l.unit})`}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={l.newQuantity}
                    disabled={l.remove}
                    onChange={(e) => setLine(l.lineNo, { newQuantity: e.target.value })}
                    sx={{ width: { xs: 90, sm: 160 } }}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': translate('admin.tenderExchange.addenda.quantityOf', { lineNo: l.lineNo }),
                        'data-testid': `addendum-quantity-${l.lineNo}`,
                      },
                    }}
                  />
                </TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={l.remove}
                    onChange={(e) => setLine(l.lineNo, { remove: e.target.checked })}
                    slotProps={{ input: { 'aria-label': translate('admin.tenderExchange.addenda.removeLine', { lineNo: l.lineNo }) } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('admin.tenderExchange.addenda.addLine')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={translate('admin.tenderExchange.addenda.description')}
          value={inputs.add.description}
          onChange={(e) => setInputs({ ...inputs, add: { ...inputs.add, description: e.target.value } })}
          sx={{ flex: 2 }}
        />
        <TextField
          size="small"
          label={translate('admin.tenderExchange.addenda.unit')}
          value={inputs.add.unit}
          onChange={(e) => setInputs({ ...inputs, add: { ...inputs.add, unit: e.target.value } })}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={translate('admin.tenderExchange.addenda.quantity')}
          value={inputs.add.quantity}
          onChange={(e) => setInputs({ ...inputs, add: { ...inputs.add, quantity: e.target.value } })}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextField
        type="datetime-local"
        size="small"
        label={translate('admin.tenderExchange.addenda.newCloseAt')}
        value={inputs.closeAt}
        onChange={(e) => setInputs({ ...inputs, closeAt: e.target.value })}
        sx={{ mb: 2 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'addendum-close-at' } }}
      />
      <TextField
        label={translate('admin.tenderExchange.addenda.note')}
        value={inputs.note}
        onChange={(e) => setInputs({ ...inputs, note: e.target.value })}
        fullWidth
        multiline
        minRows={2}
        required
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'addendum-note' } }}
        sx={{ mb: 1 }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate(`error.${error}`)}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 1 }} role="status">
          {done}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={inputs.note.trim() === '' || body === null} data-testid="addendum-issue">
        {translate('admin.tenderExchange.addenda.issueButton')}
      </Button>
    </Paper>
  );
}

/** The buyer's "Addenda" tab on its tender. */
export function AddendaTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const [reply, setReply] = useState<Addenda | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    loadAddenda(document.id).then(
      (r) => {
        setReply(r);
        setFailed(null);
      },
      (e: unknown) => setFailed(errorCodeOf(e)),
    );
  }, [document.id]);
  useEffect(load, [load, document.revision]);
  if (failed) return <Alert severity="error">{translate(`error.${failed}`)}</Alert>;
  if (!reply) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const open = document.status === 'active' && (!document.closeAt || Date.parse(document.closeAt) > Date.now());
  const toConfirm = (reply.confirmations ?? []).filter((c) => c.toConfirm);
  return (
    <Box data-testid="addenda-tab">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('admin.tenderExchange.addenda.title')}
      </Typography>
      {open ? (
        <AddendumForm document={document} onIssued={load} />
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('admin.tenderExchange.addenda.onlyActive')}
        </Alert>
      )}
      {reply.data.length > 0 && (reply.confirmations ?? []).some((c) => c.quoted) && (
        <Box sx={{ mb: 2 }} data-testid="confirmations">
          <Typography component="h3" variant="subtitle1">
            {translate('admin.tenderExchange.addenda.confirmations')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(reply.confirmations ?? [])
              .filter((c) => c.quoted)
              .map((c) => (
                <Chip
                  key={c.sellerCompanyId}
                  variant="outlined"
                  color={c.toConfirm ? 'warning' : 'success'}
                  data-testid="confirmation"
                  data-to-confirm={c.toConfirm}
                  label={`${c.sellerName ?? c.sellerCompanyId}: ${translate(c.toConfirm ? 'admin.tenderExchange.addenda.notConfirmed' : 'admin.tenderExchange.addenda.confirmed')}`}
                />
              ))}
          </Stack>
          {toConfirm.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('admin.tenderExchange.addenda.confirmHelp')}
            </Typography>
          )}
        </Box>
      )}
      <AddendaList reply={reply} />
    </Box>
  );
}
