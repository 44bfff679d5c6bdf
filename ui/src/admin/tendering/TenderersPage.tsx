// The buyer's approved list of tenderers (spec §2.6 "Lists of tenderers"): one flat list per status
// (pending, approved, rejected; 25 a page, newest change first, no count: the api says whether more follow).
// A procurement user proposes a directory company; an approver approves, or rejects with a remark (also
// to take an approved company off the list). The api checks the authority; a refusal shows its message.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { CompanyDirectoryItem } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { failureText, loadFailureOf, type LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { decideTenderer, proposeTenderer, tenderers, TENDERER_STATUSES, type Tenderer, type TendererStatus } from './tenderers-api.js';

const PER_PAGE = 25;
const directory = (q: string) =>
  adminJson<CompanyDirectoryItem[]>(
    `/api/company/directory?filter=${encodeURIComponent(JSON.stringify(q ? { q } : {}))}&range=${encodeURIComponent('[0,19]')}&sort=${encodeURIComponent('["name","ASC"]')}`,
  );

function ProposeForm({ onDone }: { onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CompanyDirectoryItem[]>([]);
  const [chosen, setChosen] = useState<CompanyDirectoryItem | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  // Bumped by "Try again": the same search, asked again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      directory(text.trim()).then(
        (rows) => {
          if (current) {
            setOptions(rows);
            setFailure(null);
          }
        },
        (error: unknown) => {
          if (current) {
            setOptions([]);
            setFailure(loadFailureOf(error));
          }
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, attempt]);
  const what = translate('admin.loadFailed.what.companies');
  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await proposeTenderer(chosen.id, note);
      notify('tendering.tenderers.proposed', { type: 'success', messageArgs: { name: chosen.name } });
      setChosen(null);
      setNote('');
      onDone();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }} data-testid="tenderer-propose">
      <Autocomplete
        sx={{ flex: '1 1 260px', maxWidth: 480 }}
        options={options}
        value={chosen}
        filterOptions={(list) => list}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(c) => (c.registrationNo ? `${c.name} (${c.registrationNo})` : c.name)}
        onChange={(_e, value) => setChosen(value)}
        onInputChange={(_e, value, reason) => reason !== 'reset' && setText(value)}
        noOptionsText={failure ? failureText(translate, what, failure) : translate('tendering.invitations.noCompany')}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={translate('tendering.tenderers.company')}
            error={failure !== null}
            {...(failure ? { helperText: translate('admin.loadFailed.title', { what }) } : {})}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tenderer-picker' } }}
          />
        )}
      />
      <TextField
        size="small"
        sx={{ flex: '1 1 200px' }}
        label={translate('tendering.tenderers.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Button variant="contained" disabled={busy || !chosen} onClick={() => void send()} data-testid="tenderer-propose-send">
        {translate('tendering.tenderers.propose')}
      </Button>
      {failure && (
        <LoadFailed
          what={what}
          failure={failure}
          onRetry={() => setAttempt((n) => n + 1)}
          testId="tenderer-picker-failed"
          sx={{ flex: '1 1 100%' }}
        />
      )}
    </Box>
  );
}

function DecideDialog({
  target,
  onClose,
}: {
  target: { row: Tenderer; action: 'approve' | 'reject' } | null;
  onClose: (changed: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setRemark(''), [target]);
  if (!target) return null;
  const needsRemark = target.action === 'reject';
  const send = async () => {
    setBusy(true);
    try {
      await decideTenderer(target.row.companyId, target.action, remark);
      notify(`tendering.tenderers.done.${target.action}`, { type: 'success' });
      onClose(true);
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="tenderer-decide-title">
      <DialogTitle id="tenderer-decide-title">
        {translate(`tendering.tenderers.${target.action}Title`, { name: target.row.name ?? target.row.companyId })}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          required={needsRemark}
          label={translate('tendering.tenderers.remark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'tenderer-remark' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          color={needsRemark ? 'error' : 'primary'}
          disabled={busy || (needsRemark && !remark.trim())}
          onClick={() => void send()}
          data-testid="tenderer-decide-send"
        >
          {translate(`tendering.tenderers.${target.action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function TenderersPage() {
  const translate = useTranslate();
  const [status, setStatus] = useState<TendererStatus>('approved');
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<{ data: Tenderer[]; hasMore: boolean } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [target, setTarget] = useState<{ row: Tenderer; action: 'approve' | 'reject' } | null>(null);
  const load = useCallback(() => {
    setReply(null);
    tenderers(status, page * PER_PAGE, page * PER_PAGE + PER_PAGE - 1).then(
      (r) => {
        setReply(r);
        setFailed(null);
      },
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [status, page]);
  useEffect(load, [load]);
  const title = translate('tendering.tenderers.title');
  return (
    <Card sx={{ mt: 2 }} data-testid="tenderers-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('tendering.tenderers.help')}
        </Typography>
        <ProposeForm onDone={() => (status === 'pending' ? load() : setStatus('pending'))} />
        <Tabs
          value={status}
          onChange={(_e, value: TendererStatus) => {
            setStatus(value);
            setPage(0);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={title}
        >
          {TENDERER_STATUSES.map((s) => (
            <Tab key={s} value={s} label={translate(`tendering.tenderers.status.${s}`)} data-testid={`tenderers-tab-${s}`} />
          ))}
        </Tabs>
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate(`error.${failed}`)}
          </Alert>
        )}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.data.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="tenderers-empty">
            {translate('tendering.tenderers.none')}
          </Typography>
        )}
        {reply && reply.data.length > 0 && (
          <TableContainer tabIndex={0} role="region" aria-label={translate(`tendering.tenderers.status.${status}`)} sx={{ mt: 1 }}>
            <Table size="small" aria-label={translate(`tendering.tenderers.status.${status}`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('tendering.tenderers.company')}</TableCell>
                  <TableCell>{translate('tendering.tenderers.proposedBy')}</TableCell>
                  <TableCell>{translate('tendering.tenderers.decision')}</TableCell>
                  <TableCell>
                    <span
                      className="visually-hidden"
                      style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                    >
                      {translate('tendering.tenderers.actions')}
                    </span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reply.data.map((row) => (
                  <TableRow key={row.companyId} data-testid="tenderer-row" data-company={row.companyId}>
                    <TableCell>
                      {row.name ?? row.companyId}
                      {row.registrationNo && (
                        <Typography variant="body2" color="text.secondary">
                          {row.registrationNo}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {row.proposedByName ?? '-'}
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(row.proposedAt)}
                      </Typography>
                      {row.note && <Typography variant="body2">{row.note}</Typography>}
                    </TableCell>
                    <TableCell>
                      {row.decidedAt ? (
                        <>
                          {row.decidedByName ?? '-'}
                          <Typography variant="body2" color="text.secondary">
                            {formatDateTime(row.decidedAt)}
                          </Typography>
                        </>
                      ) : (
                        '-'
                      )}
                      {row.remark && <Typography variant="body2">{row.remark}</Typography>}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.status === 'pending' && (
                        <Button size="small" onClick={() => setTarget({ row, action: 'approve' })} data-testid="tenderer-approve">
                          {translate('tendering.tenderers.approve')}
                        </Button>
                      )}
                      {row.status !== 'rejected' && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setTarget({ row, action: 'reject' })}
                          data-testid="tenderer-reject"
                        >
                          {translate('tendering.tenderers.reject')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {reply && (page > 0 || reply.hasMore) && (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
            <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
              {translate('ra.navigation.previous')}
            </Button>
            <Button disabled={!reply.hasMore} onClick={() => setPage(page + 1)}>
              {translate('ra.navigation.next')}
            </Button>
          </Box>
        )}
        <DecideDialog
          target={target}
          onClose={(changed) => {
            setTarget(null);
            if (changed) load();
          }}
        />
      </CardContent>
    </Card>
  );
}
