// A company's registration in the sections a company secretary keeps it in: the company, its SSM and SST
// registration, the registered address, contact, and the subscription applied for (with the CIDB grade and
// specialisations for a CIDB contractor). Used to register (add-company) and to correct a returned one
// (the company's profile). The rules run before anything is sent; each action says what the api answered.
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import {
  CompanyType,
  ContractorSpecialisation,
  CONTRACTOR_GRADES,
  SUBSCRIPTION_TYPES,
  type CompanyRegistrationInput,
} from '@binaan/contracts';
import { MALAYSIAN_STATE_NAMES, stateName } from './malaysian-states.js';
import { isCidbContractor, toRegistrationInput, type FieldName, type RegistrationValues } from './registration-form.js';
import { CheckboxGroup, Section, SelectInput, TextInput } from './registration-inputs.js';
import { useRegistrationForm } from './use-registration-form.js';

/** What an action's call came to: field errors to show (translation keys), or a message for the whole form. */
export type ActionOutcome = { fields?: Partial<Record<FieldName, string>>; message?: string } | void;
export type FormAction = {
  label: string;
  testId: string;
  primary?: boolean;
  run: (input: CompanyRegistrationInput) => Promise<ActionOutcome>;
};

export function RegistrationForm({
  initial,
  actions,
  testId,
}: {
  initial: RegistrationValues;
  actions: readonly FormAction[];
  testId: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const form = useRegistrationForm(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (action: FormAction) => {
    setMessage(null);
    if (!form.attempt()) {
      form.focusFirstError();
      return;
    }
    setBusy(true);
    try {
      const outcome = await action.run(toRegistrationInput(form.values));
      if (outcome?.fields && Object.keys(outcome.fields).length > 0) form.failOnServer(outcome.fields);
      if (outcome?.message) setMessage(outcome.message);
    } finally {
      setBusy(false);
    }
  };

  const companyTypes = Object.values(CompanyType).map((value) => ({ value, label: translate(`company.companyType.${value}`) }));
  const states = MALAYSIAN_STATE_NAMES.map((state) => ({ value: state.value, label: stateName(state.value, locale) }));
  const subscriptions = SUBSCRIPTION_TYPES.map((value) => ({ value, label: translate(`company.subscriptionType.${value}`) }));
  const grades = CONTRACTOR_GRADES.map((value) => ({ value, label: translate(`company.grade.${value}`) }));
  const specialisations = Object.values(ContractorSpecialisation).map((value) => ({
    value,
    label: translate(`company.specialisation.${value}`),
  }));
  const primary = actions.find((a) => a.primary) ?? actions[0];

  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (primary) void run(primary);
      }}
    >
      <Stack spacing={2}>
        <Section title={translate('company.sections.company')} testId="section-company">
          <TextInput form={form} field="name" required hint wide autoComplete="organization" maxLength={200} />
          <TextInput form={form} field="displayName" required hint maxLength={200} />
          <SelectInput form={form} field="companyType" options={companyTypes} required />
          <TextInput form={form} field="companyCode" required hint upper maxLength={5} />
        </Section>
        <Section
          title={translate('company.sections.registration')}
          intro={translate('company.sections.registrationIntro')}
          testId="section-registration"
        >
          <TextInput form={form} field="registrationNo" required hint upper maxLength={14} />
          <TextInput form={form} field="registrationNoNew" required hint inputMode="numeric" maxLength={12} />
          <TextInput form={form} field="sstNo" hint upper maxLength={17} />
        </Section>
        <Section title={translate('company.sections.address')} testId="section-address">
          <TextInput form={form} field="address.line1" required wide autoComplete="address-line1" maxLength={200} />
          <TextInput form={form} field="address.line2" wide autoComplete="address-line2" maxLength={200} />
          <TextInput form={form} field="address.postcode" required hint inputMode="numeric" autoComplete="postal-code" maxLength={5} />
          <TextInput form={form} field="address.city" required autoComplete="address-level2" maxLength={100} />
          <SelectInput form={form} field="address.state" options={states} required />
          <Box sx={{ alignSelf: 'center', py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('company.fields.address.country')}
            </Typography>
            <Typography data-testid="field-address.country">{translate('company.register.malaysia')}</Typography>
          </Box>
        </Section>
        <Section title={translate('company.sections.contact')} testId="section-contact">
          <TextInput form={form} field="phone" required hint type="tel" autoComplete="tel" maxLength={32} />
          <TextInput form={form} field="fax" hint type="tel" maxLength={32} />
          <TextInput form={form} field="website" hint wide type="url" autoComplete="url" maxLength={200} />
        </Section>
        <Section
          title={translate('company.sections.subscription')}
          intro={translate('company.sections.subscriptionIntro')}
          testId="section-subscription"
        >
          <SelectInput form={form} field="subscriptionType" options={subscriptions} required />
          {isCidbContractor(form.values) && (
            <>
              <SelectInput form={form} field="cidbGrade" options={grades} required hint />
              <CheckboxGroup form={form} options={specialisations} />
            </>
          )}
        </Section>
        {message && (
          <Alert severity="error" data-testid="registration-error">
            {translate(message, { _: translate('error.unknownError') })}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {actions.map((action) => (
            <Button
              key={action.testId}
              type={action === primary ? 'submit' : 'button'}
              variant={action === primary ? 'contained' : 'outlined'}
              disabled={busy}
              onClick={action === primary ? undefined : () => void run(action)}
              data-testid={action.testId}
            >
              {action.label}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
