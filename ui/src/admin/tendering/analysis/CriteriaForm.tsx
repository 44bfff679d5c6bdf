// The analysis questionnaire: the price's weight and up to 10 criteria (name, weight); the sum is shown as
// it is typed and Save waits until it is 100 and every criterion is named.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { criteriaBody, newKey, weightSum, type Analysis, type Criterion, type CriterionInput } from './analysis-model.js';

const MAX_CRITERIA = 10;

export function CriteriaForm({
  analysis,
  writable,
  onSave,
}: {
  analysis: Analysis;
  writable: boolean;
  onSave: (body: { priceWeight: number; criteria: Criterion[] }) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const [price, setPrice] = useState(String(analysis.priceWeight));
  const [criteria, setCriteria] = useState<CriterionInput[]>([]);
  useEffect(() => {
    setPrice(String(analysis.priceWeight));
    setCriteria(analysis.criteria.map((c) => ({ key: c.key, name: c.name, weight: String(c.weight) })));
  }, [analysis]);
  const sum = weightSum(price, criteria);
  const body = criteriaBody(price, criteria);
  const change = (index: number, patch: Partial<CriterionInput>) =>
    setCriteria(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const number = { htmlInput: { inputMode: 'numeric' as const, min: 0, max: 100 } };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (body) void onSave(body).catch(() => undefined);
      }}
      data-testid="analysis-criteria"
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('admin.tenderAnalysis.questionnaire')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 560 }}>
        <TextField
          size="small"
          label={translate('admin.tenderAnalysis.priceWeight')}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          disabled={!writable}
          slotProps={{ htmlInput: { ...number.htmlInput, 'data-testid': 'analysis-price-weight' } }}
          sx={{ maxWidth: 200 }}
        />
        {criteria.map((c, i) => (
          <Box key={c.key} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="analysis-criterion">
            <TextField
              size="small"
              label={translate('admin.tenderAnalysis.criterionName', { n: i + 1 })}
              value={c.name}
              onChange={(e) => change(i, { name: e.target.value })}
              disabled={!writable}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'analysis-criterion-name' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                label={translate('admin.tenderAnalysis.weight')}
                value={c.weight}
                onChange={(e) => change(i, { weight: e.target.value })}
                disabled={!writable}
                sx={{ flex: '0 0 110px' }}
                slotProps={{ htmlInput: { ...number.htmlInput, 'data-testid': 'analysis-criterion-weight' } }}
              />
              {writable && (
                <IconButton
                  aria-label={translate('admin.tenderAnalysis.remove', { n: i + 1 })}
                  onClick={() => setCriteria(criteria.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          </Box>
        ))}
        <Typography variant="body2" color={sum === 100 ? 'text.secondary' : 'error'} role="status" data-testid="analysis-sum">
          {sum === null ? translate('admin.tenderAnalysis.weightsWhole') : translate('admin.tenderAnalysis.sum', { sum })}
        </Typography>
        {writable && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              disabled={criteria.length >= MAX_CRITERIA}
              onClick={() => setCriteria([...criteria, { key: newKey(criteria), name: '', weight: '0' }])}
              data-testid="analysis-add-criterion"
            >
              {translate('admin.tenderAnalysis.addCriterion')}
            </Button>
            <Button type="submit" variant="contained" disabled={body === null} data-testid="analysis-save-criteria">
              {translate('admin.tenderAnalysis.saveCriteria')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
