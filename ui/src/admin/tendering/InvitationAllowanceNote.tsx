// §9 beside the invite picker: the company's tender invitations this subscription year (used of the
// package's limit, what is left and until when), and from 80% a warning (GET /api/tendering/invitation-
// allowance; read again after each invitation). Nothing is shown when the api cannot say.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Typography } from '@mui/material';
import { formatDate } from '../format.js';
import { invitationAllowance, type InvitationAllowance } from './tendering-api.js';

/** The period ends at the anniversary's midnight in Malaysia: the last day of the year is the day before. */
const lastDay = (periodEnd: string) => formatDate(new Date(new Date(periodEnd).getTime() - 1).toISOString());

export function InvitationAllowanceNote({ refresh }: { refresh: number }) {
  const translate = useTranslate();
  const [allowance, setAllowance] = useState<InvitationAllowance | null>(null);
  useEffect(() => {
    let current = true;
    invitationAllowance().then(
      (a) => current && setAllowance(a),
      () => current && setAllowance(null),
    );
    return () => {
      current = false;
    };
  }, [refresh]);
  if (!allowance) return null;
  const args = {
    used: allowance.used,
    limit: allowance.limit ?? '',
    remaining: allowance.remaining ?? '',
    until: lastDay(allowance.periodEnd),
    percent: allowance.limit ? Math.floor((allowance.used * 100) / allowance.limit) : 0,
  };
  if (allowance.warning) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="invitation-allowance" data-warning="true" role="status">
        {translate('tendering.invitations.allowanceWarning', args)}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="invitation-allowance" data-warning="false" role="status">
      {translate(allowance.limit === null ? 'tendering.invitations.allowanceUnlimited' : 'tendering.invitations.allowance', args)}
    </Typography>
  );
}
