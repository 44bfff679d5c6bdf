// Under the BQ editor's grid: the tenders made from the chosen row (POST /api/tendering/bq-tenders
// keeps each tender line's BQ item), as links "Tendered: TND-... (line 2)", as CostX and Procore show an
// estimate line's bid packages beside it. Read once per project (GET .../bq-item-tenders) and again after a
// change of the BQ; nothing is shown to a user who may not see tenders (the api refuses) or for a row with none.
// A project whose links pass the api's cap (5,000: `capped`) has the chosen row's read on its own
// (?bqItemId=), so a row past the cap still shows its tenders.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Typography } from '@mui/material';
import { statusLabel } from '../catalogue/labels.js';
import { bqItemTenders, type BqItemTender } from './request-api.js';

/** A project's links by BQ item, and whether the api cut the list at its cap. */
export type ProjectTenderLinks = { links: ReadonlyMap<string, BqItemTender[]>; capped: boolean };

export function useBqItemTenders(projectId: string): ProjectTenderLinks {
  const [links, setLinks] = useState<ProjectTenderLinks>({ links: new Map(), capped: false });
  useEffect(() => {
    let current = true;
    bqItemTenders(projectId).then(
      (reply) => current && setLinks({ links: new Map(reply.data.map((d) => [d.bqItemId, d.tenders])), capped: reply.capped }),
      () => current && setLinks({ links: new Map(), capped: false }),
    );
    return () => {
      current = false;
    };
  }, [projectId]);
  return links;
}

/** The row's tenders: from the project's list, or asked for by row when that list was capped (it may hold part of a row, or none). */
export function useRowTenders(projectId: string, rowId: string, project: ProjectTenderLinks): readonly BqItemTender[] | undefined {
  const [own, setOwn] = useState<{ rowId: string; tenders: BqItemTender[] } | null>(null);
  useEffect(() => {
    if (!project.capped) return;
    let current = true;
    bqItemTenders(projectId, rowId).then(
      (reply) => current && setOwn({ rowId, tenders: reply.data.find((d) => d.bqItemId === rowId)?.tenders ?? [] }),
      () => current && setOwn({ rowId, tenders: [] }),
    );
    return () => {
      current = false;
    };
  }, [projectId, rowId, project.capped]);
  if (!project.capped) return project.links.get(rowId);
  return own?.rowId === rowId ? own.tenders : undefined;
}

/** The chosen row's tenders under the BQ editor's toolbar. */
export function ChosenRowTenders({ projectId, rowId, project }: { projectId: string; rowId: string; project: ProjectTenderLinks }) {
  return <BqRowTenders tenders={useRowTenders(projectId, rowId, project)} />;
}

export function BqRowTenders({ tenders }: { tenders: readonly BqItemTender[] | undefined }) {
  const translate = useTranslate();
  if (!tenders || tenders.length === 0) return null;
  return (
    <Box sx={{ mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }} data-testid="bq-row-tenders">
      <Typography variant="body2" component="span">
        {translate('admin.bqTender.tendered')}
      </Typography>
      {tenders.map((t) => (
        <Link
          key={`${t.id}-${t.lineNo}`}
          component={RouterLink}
          to={`/tender/${encodeURIComponent(t.id)}/show`}
          variant="body2"
          data-testid="bq-row-tender"
          data-tender={t.id}
        >
          {translate('admin.bqTender.tenderLine', {
            documentNo: t.documentNo,
            line: t.lineNo,
            status: statusLabel(translate, 'tender', t.status),
          })}
        </Link>
      ))}
    </Box>
  );
}
