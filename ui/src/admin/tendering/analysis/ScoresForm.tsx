// Technical scores: one small form per seller, a 0..100 score per criterion, saved seller by seller.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, TextField, Typography } from '@mui/material';
import { weightOf, type Analysis, type AnalysisSeller } from './analysis-model.js';

function SellerScores({
  seller,
  analysis,
  writable,
  onSave,
}: {
  seller: AnalysisSeller;
  analysis: Analysis;
  writable: boolean;
  onSave: (seller: string, scores: Record<string, number>) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const name = seller.sellerName ?? seller.sellerCompanyId;
  const [inputs, setInputs] = useState<Record<string, string>>({});
  useEffect(
    () =>
      setInputs(
        Object.fromEntries(analysis.criteria.map((c) => [c.key, seller.scores?.[c.key] === undefined ? '' : String(seller.scores[c.key])])),
      ),
    [analysis, seller],
  );
  const scores = Object.fromEntries(analysis.criteria.map((c) => [c.key, weightOf(inputs[c.key] ?? '')]));
  const ready = Object.values(scores).every((v) => v !== null);
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void onSave(seller.sellerCompanyId, scores as Record<string, number>).catch(() => undefined);
      }}
      aria-label={translate('admin.tenderAnalysis.scoresOf', { name })}
      data-testid="analysis-seller-scores"
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
    >
      <Typography variant="subtitle2" component="h3">
        {name}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
        {analysis.criteria.map((c) => (
          <TextField
            key={c.key}
            size="small"
            label={c.name}
            value={inputs[c.key] ?? ''}
            onChange={(e) => setInputs({ ...inputs, [c.key]: e.target.value })}
            disabled={!writable}
            sx={{ flex: '1 1 180px', maxWidth: 260 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `analysis-score-${c.key}` } }}
          />
        ))}
        {writable && (
          <Button type="submit" variant="outlined" disabled={!ready} data-testid="analysis-save-scores">
            {translate('admin.tenderAnalysis.saveScores')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function ScoresForm({
  analysis,
  writable,
  onSave,
}: {
  analysis: Analysis;
  writable: boolean;
  onSave: (seller: string, scores: Record<string, number>) => Promise<unknown>;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {translate('admin.tenderAnalysis.scores')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('admin.tenderAnalysis.scoresHint')}
      </Typography>
      {analysis.sellers.map((s) => (
        <SellerScores key={s.sellerCompanyId} seller={s} analysis={analysis} writable={writable} onSave={onSave} />
      ))}
    </Box>
  );
}
