// Where a call failed, the place that would have shown its answer says so: what could not be loaded, why
// (`error.<code>` in the user's language), and what to do: try again, or on a 403 ask the company's
// administrator. An empty list in its stead would tell the user there is nothing, which is not known.
import { useId } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Button, type SxProps, type Theme } from '@mui/material';
import { failureReason, lacksAccess, loadFailureOf, type LoadFailure } from './load-failure.js';

/** `what`: the thing that failed, already translated ("Purchase orders", "The company's members"). */
export function LoadFailed({
  what,
  failure,
  onRetry,
  testId = 'load-failed',
  sx,
}: {
  what: string;
  failure: LoadFailure;
  onRetry: () => void;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    // role alert: the failure comes after the page showed, and it stops what the user came to do.
    <Alert
      severity="error"
      role="alert"
      sx={sx}
      data-testid={testId}
      data-code={failure.code}
      data-status={failure.status}
      action={
        // Several may show on one page: each button is described by the title of its own failure.
        <Button color="inherit" size="small" onClick={onRetry} aria-describedby={titleId} data-testid={`${testId}-retry`}>
          {translate('admin.loadFailed.tryAgain')}
        </Button>
      }
    >
      <AlertTitle id={titleId}>{translate('admin.loadFailed.title', { what })}</AlertTitle>
      {failureReason(translate, failure)}
      {lacksAccess(failure) && ` ${translate('admin.loadFailed.askAdministrator')}`}
    </Alert>
  );
}

/**
 * A react-admin `<List error>`: without one the List renders its children on a failed call, and the datagrid
 * says "No results found". Try again asks the data provider again.
 */
export function ListLoadFailed({ what }: { what: string }) {
  const { error, refetch } = useListContext();
  return <LoadFailed what={what} failure={loadFailureOf(error)} onRetry={() => void refetch()} testId="list-load-failed" sx={{ m: 1 }} />;
}
