// The door: a ticket's QR read by the camera (html5-qrcode, loaded only when the camera is switched on) or
// typed in, sent as check-in or check-out. Each answer shows who, and the live inside count follows.
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { EventScanReply } from '@binaan/contracts';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

type Direction = 'check-in' | 'check-out';
type Outcome = { ok: true; reply: EventScanReply } | { ok: false; code: string };

export function ScannerCard({ articleId, onScanned }: { articleId: string; onScanned: () => void }) {
  const translate = useTranslate();
  const [direction, setDirection] = useState<Direction>('check-in');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const directionRef = useRef(direction);
  directionRef.current = direction;

  const scan = async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const reply = await adminJson<EventScanReply>(`/api/article/${encodeURIComponent(articleId)}/${directionRef.current}`, {
        body: { code: text.trim() },
      });
      setOutcome({ ok: true, reply });
      setCode('');
    } catch (error) {
      setOutcome({ ok: false, code: errorCodeOf(error) });
    } finally {
      setBusy(false);
      onScanned();
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
