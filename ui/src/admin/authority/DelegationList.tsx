// The grants: a table from 600 px, a block per grant on a phone (nothing wider than the screen). Each says
// who lends to whom, the kinds, the cap, the period in Malaysian time, its state in words, and the reasons.
import { useTranslate } from 'react-admin';
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { DelegationView } from '@binaan/contracts';
import { malaysianDateTimeText } from '../../shared/i18n/dates.js';
import { resourceLabel } from '../catalogue/labels.js';
import { formatMoney } from '../format.js';
import { STATE_COLOURS } from './delegation-rules.js';

type Props = {
  grants: readonly DelegationView[];
  mayRevoke: (grant: DelegationView) => boolean;
  onRevoke: (grant: DelegationView) => void;
};

export function DelegationList({ grants, mayRevoke, onRevoke }: Props) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const t = (key: string, options?: Record<string, unknown>) => translate(`authority.delegations.${key}`, options);
  const name = (person: { name: string | null }) => person.name ?? t('unknownPerson');
  const kinds = (grant: DelegationView) =>
    grant.resources === null ? t('allKinds') : grant.resources.map((r) => resourceLabel(translate, r, false)).join(', ');
  const cap = (grant: DelegationView) => (grant.upTo === null ? t('noCap') : formatMoney(grant.upTo));
  const period = (grant: DelegationView) => `${malaysianDateTimeText(grant.startsAt)} – ${malaysianDateTimeText(grant.endsAt)}`;
  const state = (grant: DelegationView) => (
    <Chip size="small" color={STATE_COLOURS[grant.state]} label={t(`state.${grant.state}`)} data-testid="delegation-state" />
  );
  const reasons = (grant: DelegationView) => (
    <>
      <Typography variant="body2">{grant.reason}</Typography>
      {grant.revokeReason !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="delegation-revoke-reason">
          {t('revokedBecause', { reason: grant.revokeReason, when: malaysianDateTimeText(grant.revokedAt) })}
        </Typography>
      )}
    </>
  );
  const revoke = (grant: DelegationView) =>
    mayRevoke(grant) ? (
      <Button
        size="small"
        color="error"
        onClick={() => onRevoke(grant)}
        aria-label={t('revokeNamed', { from: name(grant.fromUser), to: name(grant.toUser) })}
        data-testid="delegation-revoke"
      >
        {t('revoke')}
      </Button>
    ) : null;
  const rowProps = (grant: DelegationView) => ({ 'data-testid': 'delegation-row', 'data-state': grant.state, 'data-id': grant.id });

  if (phone)
    return (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }} aria-label={t('what')}>
        {grants.map((grant) => (
          <Box component="li" key={grant.id} sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }} {...rowProps(grant)}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Typography variant="subtitle2" component="h2">
                {t('fromTo', { from: name(grant.fromUser), to: name(grant.toUser) })}
              </Typography>
              {state(grant)}
            </Box>
            <Box component="dl" sx={{ m: 0, mt: 0.5, '& dt': { color: 'text.secondary', fontSize: '0.75rem' }, '& dd': { m: 0, mb: 0.5 } }}>
              <dt>{t('kinds')}</dt>
              <dd>{kinds(grant)}</dd>
              <dt>{t('cap')}</dt>
              <dd>{cap(grant)}</dd>
              <dt>{t('period')}</dt>
              <dd>{period(grant)}</dd>
              <dt>{t('reason')}</dt>
              <dd>{reasons(grant)}</dd>
            </Box>
            {revoke(grant)}
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" sx={{ mt: 2 }} aria-label={t('what')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('fromToHeading')}</TableCell>
          <TableCell>{t('kinds')}</TableCell>
          <TableCell>{t('cap')}</TableCell>
          <TableCell>{t('period')}</TableCell>
          <TableCell>{t('stateHeading')}</TableCell>
          <TableCell>{t('reason')}</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              {t('actions')}
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {grants.map((grant) => (
          <TableRow key={grant.id} {...rowProps(grant)}>
            <TableCell>{t('fromTo', { from: name(grant.fromUser), to: name(grant.toUser) })}</TableCell>
            <TableCell>{kinds(grant)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{cap(grant)}</TableCell>
            <TableCell>{period(grant)}</TableCell>
            <TableCell>{state(grant)}</TableCell>
            <TableCell>{reasons(grant)}</TableCell>
            <TableCell>{revoke(grant)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Read by screen readers, not drawn (MUI's own: sizes in px, since a bare 1 in sx means 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
