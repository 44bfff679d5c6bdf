// "From BQ" on the tenders list: pick a project, then items of its approved bill of quantity;
// they become the new tender's lines (the api's POST /api/tendering/bq-tenders: description, unit, quantity,
// the BQ's rate as the buyer's estimate) and the tender opens, to set its times and invite sellers.
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { BqNode } from '@binaan/contracts';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { useProjectsLoaded } from '../documents/use-projects.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { tenderFromBq } from './request-api.js';

type BqView = { status: string | null; nodes: BqNode[] };

export function BqTenderButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="tender-from-bq">
        {translate('admin.bqTender.open')}
      </Button>
      {open && <BqTenderDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function BqTenderDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const loadedProjects = useProjectsLoaded();
  const projects = loadedProjects.data ?? [];
  const titleId = useId();
  const [projectId, setProjectId] = useState('');
  const [bq, setBq] = useState<BqView | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setBq(null);
    setPicked([]);
    setError(null);
    if (!projectId) return;
    adminJson<BqView>(`/api/bill-of-quantity/${encodeURIComponent(projectId)}`).then(setBq, (e: unknown) => setError(errorCodeOf(e)));
  }, [projectId]);
  const items = bq?.nodes.filter((node) => node.type === 'item') ?? [];
  const approved = bq?.status === 'active';
  const toggle = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id]));
  const make = () => {
    setBusy(true);
    tenderFromBq({ projectId, itemIds: picked, ...(title.trim() ? { title: title.trim() } : {}) }).then(
      (made) => navigate(`/tender/${encodeURIComponent(made.id)}/show`),
      (e: unknown) => {
        setError(errorCodeOf(e));
        setBusy(false);
      },
    );
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="md" fullWidth aria-labelledby={titleId} data-testid="bq-tender-dialog">
      <DialogTitle id={titleId}>{translate('admin.bqTender.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(`error.${error}`, { _: translate('error.internal', { _: error }) })}
          </Alert>
        )}
        {loadedProjects.failure && (
          <LoadFailed
            what={translate('admin.loadFailed.what.projects')}
            failure={loadedProjects.failure}
            onRetry={loadedProjects.reload}
            testId="bq-tender-projects-failed"
            sx={{ mb: 2 }}
          />
        )}
        <FormControl fullWidth sx={{ mt: 1, mb: 2 }} error={loadedProjects.failure !== null}>
          <InputLabel id={`${titleId}-project`}>{translate('admin.fields.project')}</InputLabel>
          <Select
            labelId={`${titleId}-project`}
            label={translate('admin.fields.project')}
            value={projectId}
            onChange={(e) => setProjectId(e.target.value)}
            data-testid="bq-tender-project"
          >
            {projects.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {bq && !approved && <Typography color="text.secondary">{translate('admin.bqTender.notApproved')}</Typography>}
        {bq && approved && (
          <>
            <TextField
              fullWidth
              label={translate('admin.fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              sx={{ mb: 2 }}
              helperText={translate('admin.bqTender.titleHelp')}
            />
            <TableContainer tabIndex={0} role="region" aria-label={translate('admin.bqTender.items')} sx={{ maxHeight: 360 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                        {translate('admin.bqTender.pick')}
                      </span>
                    </TableCell>
                    <TableCell>{translate('admin.fields.description')}</TableCell>
                    <TableCell>{translate('admin.fields.unit')}</TableCell>
                    <TableCell align="right">{translate('admin.fields.quantity')}</TableCell>
                    <TableCell align="right">{translate('admin.fields.rate')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.id} data-testid="bq-tender-item">
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={picked.includes(item.id)}
                          onChange={() => toggle(item.id)}
                          slotProps={{ input: { 'aria-label': item.title } }}
                        />
                      </TableCell>
                      <TableCell>
                        {item.title}
                        {item.description ? `: ${item.description}` : ''}
                      </TableCell>
                      <TableCell>{item.unit ?? '-'}</TableCell>
                      <TableCell align="right">{item.quantity ?? '-'}</TableCell>
                      <TableCell align="right">{item.rate ?? '-'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('admin.confirm.goBack')}
        </Button>
        <Button variant="contained" onClick={make} disabled={busy || !approved || picked.length === 0} data-testid="bq-tender-make">
          {translate('admin.bqTender.make', { n: picked.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
