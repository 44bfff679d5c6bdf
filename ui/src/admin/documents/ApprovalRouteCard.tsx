// The approval route on a document's page: why it needs the levels it needs (the manual and its version,
// the amount, the limit applied and the one it is above, grants of authority in force), and per level what
// it needs, who approved (and for whom, when a delegate did), reject votes, who is awaited and who may act
// next. All of it as the API reads it (approvalRoute of DocumentView): no rule is worked out here.
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ApprovalRouteLevel, ApprovalRouteView, RoutePerson } from '@binaan/contracts';
import { formatDateTime, formatMoney } from '../format.js';
import { DueTime } from './DueTime.js';

const nameOf = (person: RoutePerson) => person.name ?? person.userId;

export function ApprovalRouteCard({ route, currency, unpriced }: { route: ApprovalRouteView; currency: string; unpriced: boolean }) {
  const translate = useTranslate();
  const level = (n: number) => translate(`admin.levels.${n}`, { _: String(n) });
  const forWhom = (person: RoutePerson | null | undefined) =>
    person ? ` ${translate('admin.documents.onBehalfOf', { name: nameOf(person) })}` : '';
  const delegations = route.reason.delegations ?? [];
  return (
    <Card variant="outlined">
      <CardContent data-testid="approval-route">
        <Typography variant="subtitle2" gutterBottom>
          {translate('admin.documents.approvalRoute')}
        </Typography>
        <Typography variant="body2">
          {translate(route.reason.manual === 'authorityManual' ? 'admin.documents.byManual' : 'admin.documents.byDefault', {
            version: route.reason.manualVersion ?? '',
            limit: route.reason.limitApplied ? formatMoney(route.reason.limitApplied) : '-',
          })}
        </Typography>
        {route.reason.amount !== null && (
          <Typography variant="body2" data-testid="route-amount">
            {/* An unpriced tender is routed on 0: "RM 0.00" read as a figure someone had entered. */}
            {unpriced && Number(route.reason.amount) === 0
              ? translate('admin.documents.routedOnUnpriced')
              : translate('admin.documents.routedOn', { amount: formatMoney(route.reason.amount, currency) })}
          </Typography>
        )}
        {route.reason.limitCrossed && (
          <Typography variant="body2" data-testid="route-limit-crossed">
            {translate('admin.documents.limitCrossed', { limit: formatMoney(route.reason.limitCrossed, currency) })}
          </Typography>
        )}
        <Typography variant="body2">
          {translate('admin.documents.requiredLevels')}: {route.requiredLevels.map(level).join(', ') || '-'}
        </Typography>
        {route.levels.length === 0 &&
          route.approvals.map((a) => (
            <Typography key={`${a.level}-${a.userId}`} variant="body2">
              ✓ {level(a.level)}: {a.userName ?? a.userId}
              {forWhom(a.onBehalfOf)} · {formatDateTime(a.at)}
            </Typography>
          ))}
        {route.levels.map((entry) => (
          <LevelLines key={entry.level} entry={entry} label={level(entry.level)} forWhom={forWhom} />
        ))}
        {route.nextLevel !== null && (
          <Typography variant="body2" color="warning.main" data-testid="route-waiting">
            {translate('admin.documents.waitingFor', {
              level: level(route.nextLevel),
              names:
                route.mayActNext
                  .map(
                    (m) =>
                      `${m.name ?? m.userId}${forWhom(m.onBehalfOf)}${m.escalated ? ` (${translate('admin.documents.escalatedMark')})` : ''}`,
                  )
                  .join(', ') || '-',
            })}
          </Typography>
        )}
        {route.nextLevel !== null && route.dueAt && (
          <Typography variant="body2" component="div">
            <DueTime dueAt={route.dueAt} overdueBy={route.overdueBy} />
          </Typography>
        )}
        {delegations.length > 0 && (
          <Box data-testid="route-delegations" sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate('admin.documents.delegationsInForce')}
            </Typography>
            {delegations.map((d) => (
              <Typography key={d.id} variant="body2">
                {translate('admin.documents.delegationLine', {
                  to: d.to.name ?? d.to.userId,
                  from: d.from.name ?? d.from.userId,
                  until: formatDateTime(d.endsAt),
                })}
                {d.upTo ? ` · ${translate('admin.documents.delegationCap', { amount: formatMoney(d.upTo, currency) })}` : ''}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function LevelLines({
  entry,
  label,
  forWhom,
}: {
  entry: ApprovalRouteLevel;
  label: string;
  forWhom: (person: RoutePerson | null | undefined) => string;
}) {
  const translate = useTranslate();
  const needs =
    entry.need <= 1
      ? ''
      : entry.quorum === 'all'
        ? translate('admin.documents.needsAll', { count: entry.holders.length })
        : translate('admin.documents.needsCount', { need: entry.need, count: entry.holders.length });
  return (
    <Box data-testid={`route-level-${entry.level}`} sx={{ mt: 0.5 }}>
      {(needs || entry.rejectRule === 'majority') && (
        <Typography variant="body2" color="text.secondary">
          {label}: {[needs, entry.rejectRule === 'majority' ? translate('admin.documents.majorityReject') : ''].filter(Boolean).join(' · ')}
        </Typography>
      )}
      {entry.holders.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid={`route-holders-${entry.level}`}>
          {translate('admin.documents.holders', { level: label, names: entry.holders.map(nameOf).join(', ') })}
        </Typography>
      )}
      {entry.approvedBy.map((a) => (
        <Typography key={`a-${a.userId}`} variant="body2">
          ✓ {label}: {nameOf(a)}
          {forWhom(a.onBehalfOf)} · {formatDateTime(a.at)}
        </Typography>
      ))}
      {entry.rejectedBy.map((r) => (
        <Typography key={`r-${r.userId}`} variant="body2" color="error.main">
          ✗ {label}: {nameOf(r)}
          {forWhom(r.onBehalfOf)} · {translate('admin.documents.rejectVote')} · {formatDateTime(r.at)}
        </Typography>
      ))}
      {entry.awaited.length > 0 && entry.approvedBy.length > 0 && (
        <Typography variant="body2" data-testid={`route-awaited-${entry.level}`}>
          {translate('admin.documents.awaited', { names: entry.awaited.map(nameOf).join(', ') })}
        </Typography>
      )}
      {entry.escalatedTo.length > 0 && (
        <Typography variant="body2">
          {translate('admin.documents.escalatedTo', { names: entry.escalatedTo.map(nameOf).join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
