// The tender page's "Analysis" tab (buyer, past the close): the questionnaire (the price's weight
// and criteria whose weights add up to 100 with it), the technical scores per seller, the ranking with the
// price, technical and combined scores, and the Shortlist and Evaluate steps. Writes only in comparison (the
// api answers tenderNotInComparison otherwise); every refusal shown as `error.<code>`.
import { useCallback, useEffect, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { Alert, Box, Button, Checkbox, LinearProgress, Typography } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime } from '../../format.js';
import { errorCodeOf } from '../../providers/admin-request.js';
import { enterScores, evaluate, loadAnalysis, setCriteria, shortlist, type Analysis } from './analysis-model.js';
import { CriteriaForm } from './CriteriaForm.js';
import { QuestionnairePicker } from '../../setups/QuestionnairePicker.js';
import { RankingTable } from './RankingTable.js';
import { ScoresForm } from './ScoresForm.js';

export function AnalysisTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  // Shortlist and Evaluate are the tender machine's own steps: the page reads the tender again after them.
  const refresh = useRefresh();
  const [analysis, setAnalysis] = useState<Analysis | { error: string } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // The picks start from the recorded shortlist (on opening, and after Shortlist or Evaluate); a reload after
  // saving scores or criteria keeps what the user has ticked meanwhile, as the reload may land after a tick.
  const load = useCallback(
    (picksFromShortlist: boolean) => {
      loadAnalysis(document.id).then(
        (a) => {
          setAnalysis(a);
          if (picksFromShortlist) setPicked(new Set(a.shortlist ?? []));
        },
        (e: unknown) => setAnalysis({ error: errorCodeOf(e) }),
      );
    },
    [document.id],
  );
  useEffect(() => load(true), [load, document.revision]);

  /** A write, then the analysis read again; its refusal shown above the buttons. */
  const write = useCallback(
    (call: () => Promise<unknown>, doneKey: string) => {
      setRefused(null);
      setDone(null);
      const machineStep = doneKey === 'shortlist' || doneKey === 'evaluate';
      return call().then(
        () => {
          setDone(doneKey);
          load(machineStep);
          if (machineStep) refresh();
        },
        (e: unknown) => {
          setRefused(errorCodeOf(e));
          throw e;
        },
      );
    },
    [load, refresh],
  );

  if (analysis === null) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if ('error' in analysis)
    return (
      <Alert severity={analysis.error === 'tenderSealed' ? 'info' : 'error'} data-testid="analysis-refused">
        {translate(`error.${analysis.error}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  if (analysis.sellers.length === 0) return <Alert severity="info">{translate('admin.tenderComparison.noQuotations')}</Alert>;
  const writable = document.status === 'comparison';
  const toggle = (id: string) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      {!writable && <Alert severity="info">{translate('admin.tenderAnalysis.readOnly')}</Alert>}
      {refused && (
        <Alert severity="error" data-testid="analysis-error">
          {translate(`error.${refused}`, { _: translate('error.unknownError') })}
        </Alert>
      )}
      {done && (
        <Alert severity="success" data-testid="analysis-done" role="status">
          {translate(`admin.tenderAnalysis.done.${done}`)}
        </Alert>
      )}
      {/* The company's tender evaluation questionnaires (company setups) as a start; the criteria stay editable below. */}
      <QuestionnairePicker
        made={analysis.questionnaire ?? null}
        writable={writable}
        onUse={(body) => write(() => setCriteria(document.id, body), 'criteria')}
      />
      <CriteriaForm analysis={analysis} writable={writable} onSave={(body) => write(() => setCriteria(document.id, body), 'criteria')} />
      {analysis.criteria.length > 0 && (
        <ScoresForm
          analysis={analysis}
          writable={writable}
          onSave={(seller, scores) => write(() => enterScores(document.id, seller, scores), 'scores')}
        />
      )}
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('admin.tenderAnalysis.ranking')}
        </Typography>
        {analysis.evaluated && (
          <Typography variant="body2" color="text.secondary" data-testid="analysis-evaluated">
            {translate('admin.tenderAnalysis.evaluatedAt', { at: formatDateTime(analysis.evaluated.at) })}
          </Typography>
        )}
        <RankingTable
          analysis={analysis}
          select={
            writable
              ? (s) => (
                  <Checkbox
                    checked={picked.has(s.sellerCompanyId)}
                    onChange={() => toggle(s.sellerCompanyId)}
                    slotProps={{
                      input: { 'aria-label': translate('admin.tenderAnalysis.pick', { name: s.sellerName ?? s.sellerCompanyId }) },
                    }}
                    data-testid="analysis-pick"
                  />
                )
              : undefined
          }
        />
        {writable && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button
              variant="outlined"
              disabled={picked.size === 0}
              onClick={() => void write(() => shortlist(document.id, [...picked]), 'shortlist').catch(() => undefined)}
              data-testid="analysis-shortlist"
            >
              {translate('admin.tenderAnalysis.shortlist')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void write(() => evaluate(document.id), 'evaluate').catch(() => undefined)}
              data-testid="analysis-evaluate"
            >
              {translate('admin.tenderAnalysis.evaluate')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
