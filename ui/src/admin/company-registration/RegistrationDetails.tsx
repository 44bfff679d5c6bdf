// A registration as the company and the platform administrator read it: its status chip, the details in the
// form's sections (a description list: on a phone each label above its value), who registered it and when,
// and its history (who, when, what, the remark), in the order it happened.
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import type { CompanyRegistrationView, CompanySubmissionStatusName, CompanySubmissionStep } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { stateName } from './malaysian-states.js';

const COLOURS: Record<CompanySubmissionStatusName, 'warning' | 'info' | 'success' | 'default'> = {
  inProgress: 'warning',
  submitted: 'info',
  approved: 'success',
  archived: 'default',
};

export function RegistrationStatusChip({ status }: { status: CompanySubmissionStatusName }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      label={translate(`company.status.${status}`, { _: status })}
      data-testid="registration-status"
      data-status={status}
    />
  );
}

function Entries({ rows }: { rows: readonly [string, ReactNode][] }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 240px) 1fr' },
        alignItems: 'baseline',
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === undefined || value === null ? translate('company.notGiven') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ '& + &': { mt: 2 } }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function RegistrationDetails({ view }: { view: CompanyRegistrationView }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const d = view.details;
  const address = d.address ?? { line1: '', city: '', postcode: '', state: 0, country: 'MY' as const };
  const field = (name: string) => translate(`company.fields.${name}`);
  const label = (group: string, value: number | undefined) =>
    value === undefined || value === null ? '' : translate(`company.${group}.${value}`, { _: String(value) });
  const cidb = d.cidbGrade !== undefined || (d.cidbSpecialisations?.length ?? 0) > 0;
  return (
    <Card variant="outlined" data-testid="registration-details">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('company.profile.details')}
        </Typography>
        <Block title={translate('company.sections.company')}>
          <Entries
            rows={[
              [field('name'), d.name],
              [field('displayName'), d.displayName],
              [field('companyType'), label('companyType', d.companyType)],
              [field('companyCode'), d.companyCode],
            ]}
          />
        </Block>
        <Block title={translate('company.sections.registration')}>
          <Entries
            rows={[
              [field('registrationNo'), d.registrationNo],
              [field('registrationNoNew'), d.registrationNoNew],
              [field('sstNo'), d.sstNo],
            ]}
          />
        </Block>
        <Block title={translate('company.sections.address')}>
          <Entries
            rows={[
              [field('address.line1'), address.line1],
              [field('address.line2'), address.line2],
              [field('address.postcode'), address.postcode],
              [field('address.city'), address.city],
              [field('address.state'), stateName(address.state, locale)],
              [field('address.country'), translate('company.register.malaysia')],
            ]}
          />
        </Block>
        <Block title={translate('company.sections.contact')}>
          <Entries
            rows={[
              [field('phone'), d.phone],
              [field('fax'), d.fax],
              [field('website'), d.website],
            ]}
          />
        </Block>
        <Block title={translate('company.sections.subscription')}>
          <Entries
            rows={[
              [field('subscriptionType'), label('subscriptionType', d.subscriptionType)],
              ...(cidb
                ? [
                    [field('cidbGrade'), label('grade', d.cidbGrade)] as [string, ReactNode],
                    [field('cidbSpecialisations'), (d.cidbSpecialisations ?? []).map((s) => label('specialisation', s)).join(', ')] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
        </Block>
      </CardContent>
    </Card>
  );
}

/** Who registered the company and when, and when it was last submitted. */
export function RegisteredBy({ view }: { view: CompanyRegistrationView }) {
  const translate = useTranslate();
  // No user recorded (companies registered before the registrant was kept): nothing to name.
  const who = view.registeredBy.userId
    ? [view.registeredBy.name, view.registeredBy.email].filter(Boolean).join(', ') || translate('company.history.someone')
    : '';
  return (
    <Entries
      rows={[
        [translate('company.profile.status'), <RegistrationStatusChip key="status" status={view.status} />],
        [translate('company.profile.registeredBy'), who],
        [translate('company.profile.registeredAt'), formatDateTime(view.registeredAt)],
        [translate('company.profile.submittedAt'), view.submittedAt ? formatDateTime(view.submittedAt) : ''],
      ]}
    />
  );
}

export function RegistrationHistory({ view }: { view: CompanyRegistrationView }) {
  const translate = useTranslate();
  const readable = (event: string) => event.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  // The history holds the submission's steps; the registration itself starts the story.
  const registered: CompanySubmissionStep = {
    event: 'Register',
    statusBefore: null,
    statusAfter: 'inProgress',
    at: view.registeredAt,
    byUserId: view.registeredBy.userId,
    byName: view.registeredBy.name,
    remark: null,
  };
  const told = view.history.some((step) => step.event === 'Create' || step.event === 'Register') || !view.registeredBy.userId;
  const steps = told ? view.history : [registered, ...view.history];
  return (
    <Card variant="outlined" data-testid="registration-history">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('company.history.title')}
        </Typography>
        {steps.length === 0 && <Typography color="text.secondary">{translate('company.history.empty')}</Typography>}
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {steps.map((step, index) => (
            <Box
              component="li"
              key={`${step.at}-${index}`}
              data-testid="history-step"
              data-event={step.event}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {translate(`company.history.event.${step.event}`, { _: readable(step.event) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('company.history.when', {
                  at: formatDateTime(step.at),
                  name: step.byName ?? translate('company.history.someone'),
                })}
              </Typography>
              {step.remark && (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="history-remark">
                  {translate('company.history.remark', { remark: step.remark })}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
