// The door: a ticket's QR read by the camera (html5-qrcode, loaded only when the camera is switched on) or
// typed in, as check-in or check-out. It works with no network (offline/use-offline-scanner.ts): each scan
// is decided on the device at once against the tickets kept, queued, and sent when the network is there.
// The card says whether the device is online, how many scans wait to be sent, and when they last were.
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, Chip, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { formatDateTime } from '../format.js';
import { useOfflineScanner, type LocalOutcome } from './offline/use-offline-scanner.js';

type Direction = 'check-in' | 'check-out';
type Outcome = { ok: true; reply: LocalOutcome } | { ok: false; code: string };
const SUCCESS = new Set(['checkedIn', 'checkedOut']);

export function ScannerCard({ articleId, onScanned }: { articleId: string; onScanned: () => void }) {
  const translate = useTranslate();
  const [direction, setDirection] = useState<Direction>('check-in');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const directionRef = useRef(direction);
  directionRef.current = direction;

  const scanner = useOfflineScanner(articleId, onScanned);
  const { status } = scanner;

  const scan = async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const reply = await scanner.scan(text, directionRef.current === 'check-in' ? 'checkIn' : 'checkOut');
      setOutcome(SUCCESS.has(reply.result) ? { ok: true, reply } : { ok: false, code: reply.result });
      setCode('');
    } catch {
      setOutcome({ ok: false, code: 'scannerStorageUnavailable' });
    } finally {
      setBusy(false);
      // Offline, the counts above stay as last fetched; the queue's sending asks for them again.
      if (navigator.onLine) onScanned();
    }
  };

  useEffect(() => {
    if (!camera) return;
    let stop: (() => Promise<void>) | null = null;
    let last = '';
    void import('html5-qrcode').then(async ({ Html5Qrcode }) => {
      const reader = new Html5Qrcode('qr-reader');
      stop = async () => {
        await reader.stop().catch(() => undefined);
      };
      await reader
        .start(
          { facingMode: 'environment' },
          { fps: 10, qrbox: 240 },
          (text) => {
            if (text === last) return;
            last = text;
            void scan(text);
          },
          () => undefined,
        )
        .catch(() => setOutcome({ ok: false, code: 'cameraUnavailable' }));
    });
    return () => {
      void stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  return (
    <Card data-testid="scanner">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('admin.events.scanner')}
        </Typography>
        <Stack
          sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
          direction="row"
          spacing={2}
          useFlexGap
          role="status"
          data-testid="scanner-status"
        >
          <Chip
            size="small"
            color={status.online ? 'success' : 'warning'}
            label={translate(status.online ? 'admin.events.offline.online' : 'admin.events.offline.offline')}
            data-testid="scanner-network"
            data-online={status.online ? 'yes' : 'no'}
          />
          <Typography variant="body2" data-testid="scanner-queue" data-waiting={status.waiting}>
            {status.waiting === 0
              ? translate('admin.events.offline.nothingWaiting')
              : translate('admin.events.offline.waiting', { count: status.waiting, smart_count: status.waiting })}
          </Typography>
          <Typography variant="body2" data-testid="scanner-last-sync">
            {status.lastSync
              ? translate('admin.events.offline.lastSync', { time: formatDateTime(status.lastSync) })
              : translate('admin.events.offline.neverSynced')}
          </Typography>
          <Typography variant="body2" data-testid="scanner-kept">
            {status.fetchedAt
              ? translate('admin.events.offline.kept', {
                  count: status.tickets,
                  smart_count: status.tickets,
                  time: formatDateTime(status.fetchedAt),
                })
              : translate('admin.events.offline.notKept')}
          </Typography>
        </Stack>
        {!status.online && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="scanner-offline-note">
            {translate('admin.events.offline.offlineNote')}
          </Alert>
        )}
        {status.syncError && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="scanner-sync-error">
            {translate('admin.events.offline.syncFailed', { error: translate(`error.${status.syncError}`, { _: status.syncError }) })}
          </Alert>
        )}
        {status.storageError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('error.scannerStorageUnavailable')}
          </Alert>
        )}
        <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
          <ToggleButtonGroup exclusive value={direction} onChange={(_e, v: Direction | null) => v && setDirection(v)} size="small">
            <ToggleButton value="check-in" data-testid="direction-in">
              {translate('admin.events.checkIn')}
            </ToggleButton>
            <ToggleButton value="check-out" data-testid="direction-out">
              {translate('admin.events.checkOut')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            size="small"
            label={translate('admin.events.ticketCode')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            sx={{ minWidth: 320 }}
            onKeyDown={(e) => e.key === 'Enter' && void scan(code)}
            slotProps={{ htmlInput: { 'data-testid': 'ticket-code' } }}
          />
          <Button variant="contained" disabled={busy || !code.trim()} onClick={() => void scan(code)} data-testid="scan-submit">
            {translate('admin.events.submitCode')}
          </Button>
          <Button variant="outlined" onClick={() => setCamera((c) => !c)}>
            {translate(camera ? 'admin.events.cameraOff' : 'admin.events.cameraOn')}
          </Button>
        </Stack>
        {camera && <div id="qr-reader" style={{ width: 320, marginTop: 16 }} />}
        {outcome &&
          (outcome.ok ? (
            <Alert sx={{ mt: 2 }} severity="success" data-testid="scan-result">
              {translate(`admin.events.scan.${outcome.reply.result}`, { name: outcome.reply.name, inside: outcome.reply.inside })}
              {!status.online && ` ${translate('admin.events.offline.savedHere')}`}
            </Alert>
          ) : (
            <Alert sx={{ mt: 2 }} severity="error" data-testid="scan-result">
              {translate(`error.${outcome.code}`, { _: translate('error.unknownError') })}
            </Alert>
          ))}
      </CardContent>
    </Card>
  );
}
