// The project page's "Requests" tab: the project's material, machine and trade requests in one
// flat list, newest first, 25 a page with Previous / Next (the api answers hasMore, never a count). Each
// opens the request; "New request" offers the three kinds, made in this project from the kind's form.
// On a phone (below 600 px) each request is a block of three short lines (number and kind; title; status,
// total and date) rather than a six-column table scrolled sideways, as react-admin's SimpleList and
// Procore's mobile lists show a row: the title was cut at the screen's edge.
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { RequestResources } from '@binaan/contracts';
import { resourceLabel } from '../catalogue/labels.js';
import { StatusChip } from '../documents/StatusChip.js';
import { formatDate, formatMoney } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { projectRequests, type ProjectRequests } from './request-api.js';

const PER_PAGE = 25;

export function ProjectRequestsTab({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<ProjectRequests | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    projectRequests(projectId, page * PER_PAGE, page * PER_PAGE + PER_PAGE - 1).then(
      (r) => current && setReply(r),
      (e: unknown) => current && setError(errorCodeOf(e)),
    );
    return () => {
      current = false;
    };
  }, [projectId, page]);
  const title = translate('admin.projects.tabs.requests');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const kindOf = (resource: string) => translate(`admin.requests.kinds.${resource}`, { _: resourceLabel(translate, resource) });
  return (
    <Box data-testid="project-requests">
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        {RequestResources.map((resource) => (
          <Button
            key={resource}
            variant="outlined"
            size="small"
            component={RouterLink}
            data-testid={`new-${resource}`}
            to={`/${resource}/create?source=${encodeURIComponent(JSON.stringify({ projectId }))}`}
          >
            {translate(`admin.requests.new.${resource}`)}
          </Button>
        ))}
      </Stack>
      {error && <Alert severity="error">{translate(`error.${error}`, { _: translate('error.internal', { _: error }) })}</Alert>}
      {!error && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {reply && reply.data.length === 0 && page === 0 && (
        <Typography color="text.secondary" data-testid="project-requests-none">
          {translate('admin.requests.noneInProject')}
        </Typography>
      )}
      {reply && reply.data.length > 0 && phone && (
        <List aria-label={title} disablePadding data-testid="project-requests-phone">
          {reply.data.map((row) => (
            <ListItem
              key={row.id}
              divider
              disableGutters
              data-testid="project-request"
              data-id={row.id}
              data-resource={row.resource}
              sx={{ display: 'block', py: 1 }}
            >
              <Typography variant="body2">
                <Link component={RouterLink} to={`/${row.resource}/${encodeURIComponent(row.id)}/show`}>
                  {row.documentNo}
                </Link>
                {' · '}
                {kindOf(row.resource)}
              </Typography>
              <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                <StatusChip resource={row.resource} status={row.status} wrap />
                <Typography variant="body2">{formatMoney(row.total, row.currency)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(row.createdAt)}
                </Typography>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {reply && reply.data.length > 0 && !phone && (
        <TableContainer tabIndex={0} role="region" aria-label={title}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.fields.documentNo')}</TableCell>
                <TableCell>{translate('admin.requests.kind')}</TableCell>
                <TableCell>{translate('admin.fields.title')}</TableCell>
                <TableCell>{translate('admin.fields.status')}</TableCell>
                <TableCell align="right">{translate('admin.fields.total')}</TableCell>
                <TableCell>{translate('admin.fields.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reply.data.map((row) => (
                <TableRow key={row.id} data-testid="project-request" data-id={row.id} data-resource={row.resource}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/${row.resource}/${encodeURIComponent(row.id)}/show`}>
                      {row.documentNo}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{kindOf(row.resource)}</TableCell>
                  <TableCell>{row.title}</TableCell>
                  <TableCell>
                    <StatusChip resource={row.resource} status={row.status} wrap />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.total, row.currency)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {reply && (page > 0 || reply.hasMore) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            size="small"
            disabled={page === 0}
            onClick={() => {
              setReply(null);
              setPage((p) => p - 1);
            }}
            data-testid="requests-previous"
          >
            {translate('ra.navigation.previous')}
          </Button>
          <Button
            size="small"
            disabled={!reply.hasMore}
            onClick={() => {
              setReply(null);
              setPage((p) => p + 1);
            }}
            data-testid="requests-next"
          >
            {translate('ra.navigation.next')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
