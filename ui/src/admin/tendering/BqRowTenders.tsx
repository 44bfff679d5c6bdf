// Under the BQ editor's grid: the tenders made from the chosen row (issue 18; POST /api/tendering/bq-tenders
// keeps each tender line's BQ item), as links "Tendered: TND-... (line 2)", as CostX and Procore show an
// estimate line's bid packages beside it. Read once per project (GET .../bq-item-tenders) and again after a
// change of the BQ; nothing is shown to a user who may not see tenders (the api refuses) or for a row with none.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Typography } from '@mui/material';
import { statusLabel } from '../catalogue/labels.js';
import { bqItemTenders, type BqItemTender } from './request-api.js';

export function useBqItemTenders(projectId: string): ReadonlyMap<string, BqItemTender[]> {
  const [links, setLinks] = useState<ReadonlyMap<string, BqItemTender[]>>(new Map());
  useEffect(() => {
    let current = true;
    bqItemTenders(projectId).then(
      (reply) => current && setLinks(new Map(reply.data.map((d) => [d.bqItemId, d.tenders]))),
      () => current && setLinks(new Map()),
    );
    return () => { current = false; };
  }, [projectId]);
  return links;
}

export function BqRowTenders({ tenders }: { tenders: readonly BqItemTender[] | undefined }) {
  const translate = useTranslate();
  if (!tenders || tenders.length === 0) return null;
  return (
    <Box sx={{ mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }} data-testid="bq-row-tenders">
      <Typography variant="body2" component="span">{translate('admin.bqTender.tendered')}</Typography>
      {tenders.map((t) => (
        <Link key={`${t.id}-${t.lineNo}`} component={RouterLink} to={`/tender/${encodeURIComponent(t.id)}/show`} variant="body2" data-testid="bq-row-tender" data-tender={t.id}>
          {translate('admin.bqTender.tenderLine', { documentNo: t.documentNo, line: t.lineNo, status: statusLabel(translate, 'tender', t.status) })}
        </Link>
      ))}
    </Box>
  );
}
