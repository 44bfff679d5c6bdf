// A request's "Tender" tab: the tenders made from it, and, once it is approved and no tender made
// from it is still live, "Make a tender", which makes one in a single step (items, project and kind carried
// over) and opens it, so the buyer sets its open and close times there.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { statusLabel } from '../catalogue/labels.js';
import { makeTender, requestTenders, type RequestTenders } from './request-api.js';

export function RequestTenderTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [reply, setReply] = useState<RequestTenders | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    requestTenders(document.resource, document.id).then(setReply, (e: unknown) => setError(errorCodeOf(e)));
  }, [document.resource, document.id]);
  useEffect(load, [load, document.revision]);
  if (!reply && !error) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const live = reply?.data.some((t) => t.status !== 'cancelled') ?? false;
  const canMake = document.status === 'approved' && !live;
  const make = () => {
    setBusy(true);
    makeTender(document.resource, document.id).then(
      (made) => navigate(`/tender/${encodeURIComponent(made.id)}/show`),
      (e: unknown) => {
        setError(errorCodeOf(e));
        setBusy(false);
        load();
      },
    );
  };
  return (
    <Box data-testid="request-tenders">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`error.${error}`, { _: translate('error.internal', { _: error }) })}
        </Alert>
      )}
      {document.status !== 'approved' && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.requests.approveFirst')}
        </Typography>
      )}
      {canMake && (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ mb: 1 }}>{translate('admin.requests.makeTenderHelp', { n: document.items.length })}</Typography>
          <Button variant="contained" onClick={make} disabled={busy} data-testid="make-tender">
            {translate('admin.requests.makeTender')}
          </Button>
        </Box>
      )}
      {reply && reply.data.length === 0 && <Typography color="text.secondary">{translate('admin.requests.noTender')}</Typography>}
      {reply && reply.data.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label={translate('admin.requests.tenders')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.fields.documentNo')}</TableCell>
                <TableCell>{translate('admin.fields.title')}</TableCell>
                <TableCell>{translate('admin.fields.status')}</TableCell>
                <TableCell>{translate('admin.fields.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reply.data.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>
                    <Link to={`/tender/${encodeURIComponent(t.id)}/show`}>{t.documentNo}</Link>
                  </TableCell>
                  <TableCell>{t.title}</TableCell>
                  <TableCell>{statusLabel(translate, 'tender', t.status)}</TableCell>
                  <TableCell>{formatDateTime(t.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
