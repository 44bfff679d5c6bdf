// Replay: the document as it stood at any revision (GET ...?revision=n, folded by the api from the events
// up to n), chosen with a slider or step buttons, beside the machine's diagram with that state highlighted.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Slider, Stack, Typography } from '@mui/material';
import type { DocumentHistoryRow, DocumentView } from '@binaan/contracts';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { statusLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { DocumentDetails } from './DocumentDetails.js';
import { historyActionLabel, revisionLabel } from './HistoryTimeline.js';
import { StateDiagram } from './StateDiagram.js';

export function ReplayControl({
  entry,
  document,
  history,
}: {
  entry: CatalogueEntry;
  document: DocumentView;
  history: DocumentHistoryRow[] | null;
}) {
  const translate = useTranslate();
  const [revision, setRevision] = useState(document.revision);
  const [then, setThen] = useState<DocumentView | null>(document);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setRevision(document.revision), [document.revision]);
  useEffect(() => {
    let live = true;
    setError(null);
    adminJson<DocumentView>(`/api/documents/${entry.resource}/${encodeURIComponent(document.id)}?revision=${revision}`).then(
      (view) => live && setThen(view),
      (e: unknown) => {
        if (!live) return;
        setThen(null);
        setError(errorCodeOf(e));
      },
    );
    return () => {
      live = false;
    };
  }, [entry.resource, document.id, revision]);
  const row = history?.find((r) => r.revision === revision);
  const marks = (history ?? []).map((r) => ({ value: r.revision }));
  return (
    <Box data-testid="replay">
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6">{translate('admin.replay.title')}</Typography>
          <Stack direction="row" spacing={2} sx={{ my: 1, alignItems: 'center' }}>
            <Button onClick={() => setRevision((r) => Math.max(0, r - 1))} disabled={revision <= 0} data-testid="replay-back">
              {translate('admin.replay.back')}
            </Button>
            <Slider
              value={revision}
              min={0}
              max={document.revision}
              step={1}
              marks={marks}
              valueLabelDisplay="auto"
              valueLabelFormat={(v: number) => revisionLabel(translate, v)}
              onChange={(_e, v) => setRevision(v)}
              aria-label={translate('admin.replay.revision')}
              sx={{ flex: 1 }}
            />
            <Button
              onClick={() => setRevision((r) => Math.min(document.revision, r + 1))}
              disabled={revision >= document.revision}
              data-testid="replay-forward"
            >
              {translate('admin.replay.forward')}
            </Button>
          </Stack>
          <Typography data-testid="replay-position">
            {translate('admin.replay.position', { revision: revisionLabel(translate, revision), of: document.revision })}
            {row && ` · ${historyActionLabel(translate, entry.resource, row)} · ${row.actor.name ?? '-'} · ${formatDateTime(row.at)}`}
            {then && ` · ${statusLabel(translate, entry.resource, then.status)}`}
          </Typography>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2, p: 1, overflowX: 'auto' }}>
        <StateDiagram entry={entry} highlight={then?.status ?? null} />
      </Card>
      {error && <Alert severity="info">{translate(`error.${error}`)}</Alert>}
      {then && <DocumentDetails document={then} />}
    </Box>
  );
}
