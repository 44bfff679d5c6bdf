// §8.3's reminders above every page of the chosen company: the package ends soon (renew), payment is
// overdue (the date writes stop), or service is temporarily unavailable (reads go on); each with a link to
// the Subscription page, where the bill is paid. Drawn only when the standing asks for it.
import { useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../shared/i18n/dates.js';
import type { Standing } from './standing.js';

export function SubscriptionReminder({ standing }: { standing: Standing }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.reminder.${key}`, options);
  const severity = standing.state === 'renewalDue' ? 'info' : standing.state === 'overdue' ? 'warning' : 'error';
  const dates = {
    end: standing.periodEnd ? formatDate(standing.periodEnd) : '',
    stop: standing.unavailableFrom ? formatDate(standing.unavailableFrom) : '',
  };
  const text =
    standing.state === 'renewalDue' ? t(standing.source === 'trial' ? 'trialEnds' : 'renewalDue', dates) : t(standing.state, dates);
  return (
    <Alert
      severity={severity}
      role={standing.state === 'unavailable' ? 'alert' : 'status'}
      sx={{ my: 1 }}
      data-testid="subscription-reminder"
      data-state={standing.state}
      action={
        <Button
          component={RouterLink}
          to="/administration/subscription"
          color="inherit"
          size="small"
          data-testid="subscription-reminder-pay"
        >
          {t(standing.billToPay ? 'payNow' : 'choose')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
