// The home dashboard's key figures (GET /api/reports/key-figures): a few figures of the company's reports over
// the last 30 days, each read as its column kind and linking to its report's section. Shown only to those
// with the reports right and only when there is a figure; a failure leaves the card out (the figures are a
// shortcut, the reports themselves say what went wrong). The reports' words are fetched only when a figure
// is there to show, so the home page's first load stays as it was.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import i18next from 'i18next';
import { hasAnyAccessRight, type ReportKeyFiguresReply } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { useAccess } from '../access/access-context.js';
import { formatDate } from '../format.js';
import { adminJson } from '../providers/admin-request.js';
import { columnTitle, formatCell, sectionTitle } from './report-format.js';
import { REPORT_MODULES } from './report-offer.js';

function useKeyFigures(enabled: boolean): ReportKeyFiguresReply | null {
  const token = useSession()?.jwtToken;
  const [reply, setReply] = useState<ReportKeyFiguresReply | null>(null);
  useEffect(() => {
    if (!enabled || !token) return;
    let live = true;
    adminJson<ReportKeyFiguresReply>('/api/reports/key-figures')
      .then(async (figures) => {
        if (figures.figures.length > 0) await i18next.loadNamespaces(['reports']);
        if (live) setReply(figures);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled, token]);
  return reply;
}

export function KeyFigures() {
  const translate = useTranslate();
  const access = useAccess();
  const reply = useKeyFigures(hasAnyAccessRight(access.rights, 'reports.view'));
  if (!reply || reply.figures.length === 0) return null;
  return (
    <Card variant="outlined" data-testid="home-key-figures" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('admin.home.keyFigures')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('admin.home.keyFiguresWindow', { from: formatDate(reply.from), to: formatDate(reply.to) })}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2, m: 0 }}>
          {reply.figures.map((figure) => (
            <Box key={`${figure.report}-${figure.section}-${figure.key}`} data-testid="home-key-figure">
              <Typography component="dt" variant="body2" color="text.secondary">
                {columnTitle(translate, figure.key)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                <Link
                  component={RouterLink}
                  to={`${REPORT_MODULES[figure.report].path}#section-${figure.section}`}
                  aria-label={`${formatCell(translate, { key: figure.key, kind: figure.kind }, figure.value)} · ${sectionTitle(translate, figure.section)}`}
                >
                  {formatCell(translate, { key: figure.key, kind: figure.kind }, figure.value)}
                </Link>
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
