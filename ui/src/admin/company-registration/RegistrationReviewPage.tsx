// /admin/company-registrations/:id: the platform administrator reviews one company: its details as registered,
// who registered it and when, its history; Approve and Reject while it is submitted. Each decision opens the
// area's confirmation dialog (documents/ConfirmActionDialog.tsx) naming the company and what follows; Reject
// asks there for the remark the company will read; Escape or "Go back" sends nothing. After a decision, back
// to the queue with a toast. "Open this company" chooses it, whatever its status, to support it from inside:
// the administrator goes where the choice leads, and the company's history records who opened it and when.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import LoginIcon from '@mui/icons-material/Login';
import UndoIcon from '@mui/icons-material/Undo';
import type { CompanyRegistrationView } from '@binaan/contracts';
import { chooseCompany } from '../company/choose-company.js';
import { ConfirmActionDialog } from '../documents/ConfirmActionDialog.js';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import { companyRegistration, registrationAction } from './registration-api.js';
import { RegisteredBy, RegistrationDetails, RegistrationHistory } from './RegistrationDetails.js';
import { SharedProfileView } from '../company-profile/SharedProfileView.js';
import { QUEUE_PATH } from './RegistrationQueuePage.js';
import { CompanyFilesTab } from '../company-files/CompanyFilesTab.js';

type Decision = 'Approve' | 'Reject';

export function RegistrationReviewPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [view, setView] = useState<CompanyRegistrationView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  // The dialog keeps its words while it closes.
  const [shown, setShown] = useState<Decision>('Approve');
  const open = (decision: Decision) => {
    setShown(decision);
    setDeciding(decision);
  };
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(await companyRegistration(id));
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  const decide = async (decision: Decision, remark: string) => {
    if (!view) return;
    setBusy(true);
    try {
      await registrationAction(view.id, decision, remark ? { remark } : {}, view.revision);
      notify(decision === 'Approve' ? 'company.review.approved' : 'company.review.rejected', {
        type: 'success',
        messageArgs: { name: view.details.name },
      });
      navigate(QUEUE_PATH);
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      setDeciding(null);
      // Someone decided first, or the company changed it: shown as it is now.
      if (isConflict(error)) await load();
    } finally {
      setBusy(false);
    }
  };

  const openCompany = async () => {
    if (!view) return;
    setBusy(true);
    try {
      navigate(await chooseCompany(view.id));
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      setBusy(false);
    }
  };

  const name = view?.details.name ?? '';
  const title = view ? translate('company.review.title', { name }) : translate('company.queue.title');
  const can = (decision: Decision) => view?.availableActions.includes(decision) ?? false;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="registration-review">
      <Title title={title} />
      <Card>
        <CardContent>
          <Button
            component={RouterLink}
            to={QUEUE_PATH}
            size="small"
            startIcon={<ArrowBackIcon />}
            sx={{ mb: 1 }}
            data-testid="review-back"
          >
            {translate('company.review.back')}
          </Button>
          <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
          {!view && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {view && (
            <Stack spacing={2}>
              <RegisteredBy view={view} />
              {view.lastRemark && view.status !== 'submitted' && (
                <Alert severity="info">{translate('company.review.lastRemark', { remark: view.lastRemark })}</Alert>
              )}
              {can('Approve') || can('Reject') ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  {can('Approve') && (
                    <Button
                      variant="contained"
                      color="success"
                      startIcon={<CheckIcon />}
                      onClick={() => open('Approve')}
                      data-testid="review-approve"
                    >
                      {translate('company.review.approve')}
                    </Button>
                  )}
                  {can('Reject') && (
                    <Button
                      variant="outlined"
                      color="error"
                      startIcon={<UndoIcon />}
                      onClick={() => open('Reject')}
                      data-testid="review-reject"
                    >
                      {translate('company.review.reject')}
                    </Button>
                  )}
                </Stack>
              ) : (
                <Typography color="text.secondary" data-testid="review-nothing">
                  {translate('company.review.nothingToDecide', { status: translate(`company.status.${view.status}`) })}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Button
                  variant="outlined"
                  startIcon={<LoginIcon />}
                  onClick={() => void openCompany()}
                  disabled={busy}
                  data-testid="review-open-company"
                >
                  {translate('company.review.openCompany')}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {translate('company.review.openCompanyNote')}
                </Typography>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
      {view && <RegistrationDetails view={view} />}
      {view && <CompanyFilesTab companyId={view.id} readOnly />}
      {view && (
        // Who the company is (its profile's tabs), as the reviewer must judge it; identity numbers masked.
        <Card variant="outlined" data-testid="review-profile">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('admin.companyProfile.reviewTitle')}
            </Typography>
            <SharedProfileView companyId={view.id} />
          </CardContent>
        </Card>
      )}
      {view && <RegistrationHistory view={view} />}
      <ConfirmActionDialog
        open={deciding !== null}
        busy={busy}
        danger={shown === 'Reject'}
        askRemark={shown === 'Reject'}
        title={translate(shown === 'Reject' ? 'company.review.rejectTitle' : 'company.review.approveTitle', { name })}
        named={translate('company.review.company', { name })}
        documents={[name]}
        effect={translate(shown === 'Reject' ? 'company.review.rejectEffect' : 'company.review.approveEffect')}
        remarkLabel={translate('company.review.remarkLabel')}
        confirmLabel={translate(shown === 'Reject' ? 'company.review.reject' : 'company.review.approve')}
        onCancel={() => setDeciding(null)}
        onConfirm={({ remark }) => deciding && void decide(deciding, remark)}
      />
    </Stack>
  );
}
