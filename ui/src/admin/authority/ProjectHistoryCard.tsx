// One project's authority timeline (GET /api/projects/<id>/authority-history): who gave whom which level,
// on the project's own or its supply workflows, and which manual authority role, when. Newest first.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ProjectAuthorityHistoryRow } from '@binaan/contracts';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';

/** The newest changes first; the rest on request (a seeded project starts with dozens of assignments). */
const FIRST = 15;

export function ProjectHistoryCard({ name, rows }: { name: string; rows: ProjectAuthorityHistoryRow[] }) {
  const translate = useTranslate();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST);
  const what = (row: ProjectAuthorityHistoryRow) => {
    if (row.eventType === 'ProjectManualRoleGranted') return row.role ?? '-';
    const process = row.code ? resourceLabel(translate, row.code, false) : '-';
    return row.scope === 'supply' ? `${process} (${translate('admin.authority.supply')})` : process;
  };
  return (
    <Card data-testid="project-authority-history">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('admin.authority.projectHistory', { name })}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{translate('admin.authority.noChanges')}</Typography>
        ) : (
          <ScrollRegion label={translate('admin.authority.projectHistory', { name })}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.fields.when')}</TableCell>
                  <TableCell>{translate('admin.fields.who')}</TableCell>
                  <TableCell>{translate('admin.fields.change')}</TableCell>
                  <TableCell>{translate('admin.authority.processOrRole')}</TableCell>
                  <TableCell>{translate('admin.authority.user')}</TableCell>
                  <TableCell>{translate('admin.authority.level')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.revision} data-testid="project-history-row" data-event={row.eventType}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
                    <TableCell>{row.actor.name ?? row.actor.userId ?? '-'}</TableCell>
                    <TableCell>{translate(`admin.authority.event.${row.eventType}`, { _: row.eventType })}</TableCell>
                    <TableCell>{what(row)}</TableCell>
                    <TableCell>{row.userName ?? row.email ?? row.userId ?? '-'}</TableCell>
                    <TableCell>{row.level !== null ? translate(`admin.levels.${row.level}`, { _: String(row.level) }) : '-'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
        {shown.length < rows.length && (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setAll(true)} data-testid="project-history-all">
            {translate('admin.authority.showAll', { count: rows.length })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
