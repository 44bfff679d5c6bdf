// A tender's analysis started from one of the company's active tender evaluation questionnaires (company setups):
// its questions become the criteria, sharing what the price leaves by their weights (the api works them out). Its
// texts come with it (the setups namespace), so the tender page's first load does not carry them.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import i18next from 'i18next';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { SetupItemRow } from '@binaan/contracts';
import { listSetupItems } from './setups-api.js';

type Made = { id: string; name: string; revision: number } | null;

export function QuestionnairePicker({
  made,
  writable,
  onUse,
}: {
  made: Made;
  writable: boolean;
  onUse: (body: { priceWeight: number; questionnaireId: string }) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.analysis.${key}`, options);
  const [ready, setReady] = useState(i18next.hasLoadedNamespace('setups'));
  const [questionnaires, setQuestionnaires] = useState<SetupItemRow[]>([]);
  const [picked, setPicked] = useState('');
  const [price, setPrice] = useState('60');
  useEffect(() => {
    if (!ready) void i18next.loadNamespaces(['setups']).then(() => setReady(true));
  }, [ready]);
  useEffect(() => {
    if (!writable) return;
    // Only a questionnaire of the tender evaluation type starts an analysis; a company keeps a handful.
    listSetupItems('questionnaire', 'active', '', 0, 50).then(
      (page) => setQuestionnaires(page.rows.filter((q) => q.type === 'tenderEvaluation')),
      () => setQuestionnaires([]),
    );
  }, [writable]);
  if (!ready) return null;
  const priceWeight = /^\d{1,2}$/.test(price.trim()) ? Number(price) : null;
  return (
    <Box data-testid="analysis-from-questionnaire">
      {made && (
        <Typography variant="body2" color="text.secondary" data-testid="analysis-made-from">
          {t('madeFrom', { name: made.name })}
        </Typography>
      )}
      {writable && questionnaires.length > 0 && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (priceWeight !== null && picked) void onUse({ priceWeight, questionnaireId: picked }).catch(() => undefined);
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1, maxWidth: 720 }}
        >
          <TextField
            select
            size="small"
            label={t('questionnaire')}
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            sx={{ flex: '1 1 240px' }}
          >
            {questionnaires.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('priceWeight')}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            sx={{ flex: '0 0 160px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined" disabled={!picked || priceWeight === null} data-testid="analysis-use-questionnaire">
            {t('use')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
