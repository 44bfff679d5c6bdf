// Registrations of one event with their attendance and certificate, and the organizer's certificate steps:
// issue (the event's attendance rule decides), approve and revoke (with a reason), the last two confirmed.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AttendanceParticipant } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { CappedNote } from '../CappedNote.js';
import { ConfirmActionDialog } from '../documents/ConfirmActionDialog.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';

const has = (value: string) => value !== '' && value !== '-' && !value.startsWith('0001-01-01');

export function ParticipantsCard({
  participants,
  registered,
  articleId,
  onChanged,
}: {
  participants: AttendanceParticipant[];
  registered: number;
  articleId: string;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const step = async (path: string, body: unknown = {}) => {
    setBusy(true);
    try {
      await adminJson(path, { body });
      notify('admin.events.done', { type: 'success' });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  // Approving and revoking a certificate cannot be undone: both are confirmed in a dialog naming the
  // certificate and its holder; revoking asks for the reason there too (no window.prompt).
  const [confirming, setConfirming] = useState<{ step: 'approve' | 'revoke'; participant: AttendanceParticipant } | null>(null);
  const confirmed = async (reason: string) => {
    if (!confirming) return;
    const base = `/api/event-participant/${encodeURIComponent(confirming.participant.registration_id)}/certificate`;
    await (confirming.step === 'revoke' ? step(`${base}/revoke`, { reason }) : step(`${base}/approve`));
    setConfirming(null);
  };
  const stepLabel = confirming ? translate(`admin.events.${confirming.step}`) : '';
  const named = confirming ? `${confirming.participant.certificate_no} (${confirming.participant.name})` : '';
  return (
    <Card data-testid="participants">
      <CardContent>
        <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row">
          <Typography variant="h6">{translate('admin.events.registrations')}</Typography>
          <Button disabled={busy} onClick={() => void step(`/api/article/${encodeURIComponent(articleId)}/certificates/issue`)}>
            {translate('admin.events.issueAll')}
          </Button>
        </Stack>
        <ScrollRegion label={translate('admin.events.registrations')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.events.name')}</TableCell>
                <TableCell>{translate('admin.events.checkIn')}</TableCell>
                <TableCell>{translate('admin.events.checkOut')}</TableCell>
                <TableCell>{translate('admin.events.certificate')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {participants.map((p) => {
                const issued = has(p.certificate_no),
                  approved = has(p.approve_datetime),
                  revoked = has(p.revoked_datetime);
                const base = `/api/event-participant/${encodeURIComponent(p.registration_id)}/certificate`;
                return (
                  <TableRow key={p.registration_id} data-testid="participant-row" data-name={p.name}>
                    <TableCell>
                      {p.name}
                      <br />
                      <Typography variant="caption">{p.email}</Typography>
                    </TableCell>
                    <TableCell>{has(p.check_in) ? formatDateTime(p.check_in) : '-'}</TableCell>
                    <TableCell>{has(p.check_out) ? formatDateTime(p.check_out) : '-'}</TableCell>
                    <TableCell data-testid="certificate-cell">
                      {issued ? p.certificate_no : '-'}
                      {revoked
                        ? ` · ${translate('admin.events.revoked')}`
                        : approved
                          ? ` · ${translate('admin.events.approved')}`
                          : issued
                            ? ` · ${translate('admin.events.awaitingApproval')}`
                            : ''}
                    </TableCell>
                    <TableCell>
                      {!issued && (
                        <Button size="small" disabled={busy} onClick={() => void step(`${base}/issue`)} data-testid="issue-certificate">
                          {translate('admin.events.issue')}
                        </Button>
                      )}
                      {issued && !approved && !revoked && (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => setConfirming({ step: 'approve', participant: p })}
                          data-testid="approve-certificate"
                        >
                          {translate('admin.events.approve')}
                        </Button>
                      )}
                      {issued && !revoked && (
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => setConfirming({ step: 'revoke', participant: p })}
                          data-testid="revoke-certificate"
                        >
                          {translate('admin.events.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
        {/* The API lists the first 5,000 registrations; a bigger event says how many there are in all. */}
        <CappedNote shown={participants.length} total={registered} />
        <ConfirmActionDialog
          open={confirming !== null}
          busy={busy}
          title={translate('admin.confirm.title', { action: stepLabel, document: named })}
          documents={[named]}
          effect={translate(`admin.confirm.effect.${confirming?.step === 'revoke' ? 'revokeCertificate' : 'approveCertificate'}`)}
          askRemark={confirming?.step === 'revoke'}
          remarkLabel={translate('admin.events.revokeReason')}
          confirmLabel={stepLabel}
          danger={confirming?.step === 'revoke'}
          onCancel={() => setConfirming(null)}
          onConfirm={({ remark }) => void confirmed(remark)}
        />
      </CardContent>
    </Card>
  );
}
