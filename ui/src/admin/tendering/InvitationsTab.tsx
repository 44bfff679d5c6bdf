// The buyer's "Invitations" tab on its tender: invite sellers from the directory, and the
// invitees with who invited them and when, whether and when each quoted and how often it revised. Before
// the close the page says plainly that the bids are sealed (the api sends no figure); after it (status
// comparison and on) the quotations with their totals, per-item rates and history (QuotationsPanel).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { EmailInvitationForm } from './EmailInvitationForm.js';
import { InvitationAllowanceNote } from './InvitationAllowanceNote.js';
import { InvitePicker } from './InvitePicker.js';
import { QuotationsPanel } from './QuotationsPanel.js';
import { invitations as loadInvitations, type Invitations } from './tendering-api.js';

/** Statuses in which the api still takes invitations (before the close; a closed or cancelled tender refuses). */
const INVITING = new Set(['new', 'pendingActivation', 'active', 'rejected']);
/** A chip whose label wraps on a phone instead of being cut. */
const WRAPPING = { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

export function InvitationsTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const [reply, setReply] = useState<Invitations | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    loadInvitations(document.id).then(
      (r) => {
        setReply(r);
        setFailed(null);
      },
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [document.id]);
  // Again on every new revision of the tender (a Close opens the bids).
  useEffect(load, [load, document.revision]);
  const invited = useMemo(() => new Set((reply?.data ?? []).map((r) => r.sellerCompanyId)), [reply]);
  // §9's allowance is read again after each invitation (or refusal).
  const [allowanceRead, setAllowanceRead] = useState(0);
  const invitedNow = useCallback(() => {
    load();
    setAllowanceRead((n) => n + 1);
  }, [load]);

  if (failed) return <Alert severity="error">{translate(`error.${failed}`)}</Alert>;
  if (!reply) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Box data-testid="invitations-tab" data-sealed={reply.sealed}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('tendering.invitations.title')}
      </Typography>
      {INVITING.has(document.status) && <InvitationAllowanceNote refresh={allowanceRead} />}
      {INVITING.has(document.status) && (
        <InvitePicker tenderId={document.id} invited={invited} onInvited={invitedNow} onRefused={() => setAllowanceRead((n) => n + 1)} />
      )}
      {INVITING.has(document.status) && <EmailInvitationForm tenderId={document.id} />}
      {reply.sealed && (
        <Alert severity="info" icon={<LockIcon />} sx={{ mb: 2 }} data-testid="bids-sealed">
          {translate('tendering.invitations.sealed', { closeAt: document.closeAt ? formatDateTime(document.closeAt) : '-' })}
        </Alert>
      )}
      {reply.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-invitees">
          {translate('tendering.invitations.none')}
        </Typography>
      ) : (
        // Focusable, so a keyboard can scroll it where a phone is narrower than the table (axe: scrollable-region-focusable).
        <TableContainer tabIndex={0} role="region" aria-label={translate('tendering.invitations.title')}>
          <Table size="small" aria-label={translate('tendering.invitations.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tendering.fields.seller')}</TableCell>
                <TableCell>{translate('tendering.fields.invited')}</TableCell>
                <TableCell>{translate('tendering.fields.quoted')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reply.data.map((row) => (
                <TableRow key={row.sellerCompanyId} data-testid="invitee" data-seller={row.sellerCompanyId} data-quoted={row.quoted}>
                  <TableCell>{row.sellerName ?? row.sellerCompanyId}</TableCell>
                  <TableCell>
                    {formatDateTime(row.invitedAt)}
                    {row.invitedByName && (
                      <Typography variant="body2" color="text.secondary">
                        {translate('tendering.invitations.by', { name: row.invitedByName })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {row.quoted ? (
                      <Chip
                        size="small"
                        color="success"
                        variant="outlined"
                        sx={WRAPPING}
                        label={translate('tendering.invitations.quotedAt', { at: formatDateTime(row.quotedAt) })}
                      />
                    ) : (
                      <Chip size="small" variant="outlined" sx={WRAPPING} label={translate('tendering.invitations.notQuoted')} />
                    )}
                    {row.quoted && (
                      <Typography variant="body2" color="text.secondary">
                        {translate('tendering.fields.revisions')}: <span data-testid="invitee-revisions">{row.quotationRevision ?? 0}</span>
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!reply.sealed && <QuotationsPanel document={document} />}
    </Box>
  );
}
