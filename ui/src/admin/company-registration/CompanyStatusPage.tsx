// /administration/company (signed-in-area.md §2.3: where a submitted company lands): the chosen company's
// registration, its status, who registered it and when, its history, and what to do next. While it is in
// progress (never submitted, or returned by the platform administrator with a remark) the details are a form
// to correct (PUT) and submit again; once approved, one button chooses the company again so its new status
// opens the menus and leads where an approved company goes.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, AlertTitle, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { CompanySubmissionStatus, type CompanyRegistrationInput, type CompanyRegistrationView } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { chooseCompany } from '../company/choose-company.js';
import { getChosenCompany, setChosenCompany, useChosenCompany } from '../company/company-state.js';
import { formatDateTime } from '../format.js';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import { companyRegistration, registrationAction, refusalOutcome, updateRegistration } from './registration-api.js';
import { fromRegistrationInput } from './registration-form.js';
import { DirectoryListingCard } from './DirectoryListingCard.js';
import { RegisteredBy, RegistrationDetails, RegistrationHistory } from './RegistrationDetails.js';
import { RegistrationForm, type ActionOutcome } from './RegistrationForm.js';

const STATUS_NUMBER = {
  inProgress: CompanySubmissionStatus.InProgress,
  submitted: CompanySubmissionStatus.Submitted,
  approved: CompanySubmissionStatus.Approved,
  archived: CompanySubmissionStatus.Archived,
} as const;

function NextStep({ view, onContinue }: { view: CompanyRegistrationView; onContinue: (() => void) | null }) {
  const translate = useTranslate();
  const name = view.details.name;
  if (view.status === 'submitted') {
    return (
      <Alert severity="info" data-testid="next-step">
        {translate('company.profile.submitted', { date: view.submittedAt ? formatDateTime(view.submittedAt) : '' })}
      </Alert>
    );
  }
  if (view.status === 'approved') {
    return (
      <Alert
        severity="success"
        data-testid="next-step"
        action={
          onContinue && (
            <Button color="inherit" size="small" onClick={onContinue} data-testid="continue-approved">
              {translate('company.profile.continue')}
            </Button>
          )
        }
      >
        {translate('company.profile.approved', { name })}
      </Alert>
    );
  }
  if (view.status === 'archived')
    return (
      <Alert severity="info" data-testid="next-step">
        {translate('company.profile.archived')}
      </Alert>
    );
  if (view.lastRemark) {
    return (
      <Alert severity="warning" data-testid="next-step">
        <AlertTitle>{translate('company.profile.returned')}</AlertTitle>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }} data-testid="reviewer-remark">
          {view.lastRemark}
        </Typography>
        <Typography sx={{ mt: 1 }}>{translate('company.profile.returnedNext')}</Typography>
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="next-step">
      {translate('company.profile.inProgress')}
    </Alert>
  );
}

/** `embedded`: the first tab of the profile page, which has the title; `onChanged` hears of a save or submission. */
export function CompanyStatusPage({ embedded = false, onChanged }: { embedded?: boolean; onChanged?: () => void } = {}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const company = useChosenCompany();
  const companyId = session?.selectedCompany ?? '';
  const [view, setView] = useState<CompanyRegistrationView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const found = await companyRegistration(companyId);
      setView(found);
      setFailed(null);
      // The status known beside the session follows the registration (menus, and the next landing).
      // Not to approved: the session's rights come with the next choice of the company (the Continue button).
      const chosen = getChosenCompany();
      const status = STATUS_NUMBER[found.status];
      if (chosen?.companyId === companyId && chosen.status !== status && found.status !== 'approved')
        setChosenCompany({ ...chosen, status });
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [companyId]);
  useEffect(() => void load(), [load]);

  const save = async (input: CompanyRegistrationInput, submit: boolean): Promise<ActionOutcome> => {
    if (!view) return undefined;
    let revision = view.revision;
    try {
      if (view.availableActions.includes('Edit')) revision = (await updateRegistration(view.id, input, revision)).revision;
      if (submit) await registrationAction(view.id, 'Submit', {}, revision);
    } catch (error) {
      if (isConflict(error) && errorCodeOf(error) !== 'companyCodeTaken' && errorCodeOf(error) !== 'companyAlreadyRegistered') {
        notify('company.profile.stale', { type: 'warning' });
        await load();
        return undefined;
      }
      return refusalOutcome(error);
    }
    notify(submit ? 'company.profile.submittedToast' : 'company.profile.saved', { type: 'success', messageArgs: { name: input.name } });
    await load();
    onChanged?.();
    // Submitted, the form gives way to the details: the new status is at the top, where the page goes.
    if (submit) window.scrollTo({ top: 0 });
    return undefined;
  };

  const reChoose = async () => {
    try {
      navigate(await chooseCompany(companyId));
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };

  const name = view?.details.name || session?.selectedCompanyName || '';
  const title = translate('company.profile.title', { name });
  const editable = view?.availableActions.includes('Edit') ?? false;
  const canSubmit = view?.availableActions.includes('Submit') ?? false;
  // Approved since the company was chosen: choosing it again gives the session its new status.
  const stale = view?.status === 'approved' && company?.companyId === companyId && company.status !== CompanySubmissionStatus.Approved;
  return (
    <Stack spacing={2} sx={embedded ? {} : { mt: 2, mb: 4 }} data-testid="company-profile">
      {!embedded && <Title title={title} />}
      <Card>
        <CardContent>
          {!embedded && (
            <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
          )}
          {!view && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {failed && (
            // Without the registration the page still says what the company choice knows.
            <Stack spacing={1}>
              <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>
              <Typography>
                {translate('admin.company.statusLabel')}: {translate(`admin.company.status.${company?.status ?? 0}`, { _: '-' })}
              </Typography>
              {company?.status === CompanySubmissionStatus.Submitted && (
                <Alert severity="info">{translate('admin.company.submittedBody')}</Alert>
              )}
            </Stack>
          )}
          {view && (
            <Stack spacing={2}>
              <RegisteredBy view={view} />
              <NextStep view={view} onContinue={stale ? () => void reChoose() : null} />
            </Stack>
          )}
        </CardContent>
      </Card>
      {view && <DirectoryListingCard />}
      {view && (editable || canSubmit) && (
        <RegistrationForm
          key={view.revision}
          initial={fromRegistrationInput(view.details)}
          testId="registration-edit"
          actions={[
            ...(editable
              ? [
                  {
                    label: translate('company.profile.save'),
                    testId: 'registration-save',
                    run: (input: CompanyRegistrationInput) => save(input, false),
                  },
                ]
              : []),
            ...(canSubmit
              ? [
                  {
                    label: translate(view.lastRemark ? 'company.profile.submitAgain' : 'company.profile.submit'),
                    testId: 'registration-resubmit',
                    primary: true,
                    run: (input: CompanyRegistrationInput) => save(input, true),
                  },
                ]
              : []),
          ]}
        />
      )}
      {view && !(editable || canSubmit) && <RegistrationDetails view={view} />}
      {view && <RegistrationHistory view={view} />}
    </Stack>
  );
}
