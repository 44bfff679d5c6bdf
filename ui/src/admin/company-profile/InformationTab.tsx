// The company information tab: what the registration does not hold (description, capital, incorporation),
// a form for the company's administrators, each refusal on its field; the name, type and status above it.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import type { CompanyProfileView } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { saveInformation } from './profile-api.js';
import { ProfileFacts } from './ProfileFacts.js';

const FIELDS = ['description', 'paidUpCapital', 'authorisedCapital', 'dateIncorporated'] as const;

export function InformationTab({ view, onChanged }: { view: CompanyProfileView; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const info = view.information!;
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(FIELDS.map((field) => [field, info[field] === null ? '' : String(info[field])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  if (!view.editable) return <ProfileFacts view={view} tab="information" />;

  const save = async () => {
    const amount = (value: string) => (value.trim() === '' ? null : Number(value));
    try {
      await saveInformation(
        {
          description: values.description,
          paidUpCapital: amount(values.paidUpCapital!),
          authorisedCapital: amount(values.authorisedCapital!),
          dateIncorporated: values.dateIncorporated || null,
        },
        view.revision,
      );
      setErrors({});
      setMessage(null);
      notify('admin.companyProfile.saved', { type: 'success' });
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, codes]) => [field, translate(`error.${codes[0]}`)])));
        setMessage(translate('admin.companyProfile.fixErrors'));
      } else setMessage(translate(`error.${error instanceof ApiError ? error.errorCode : 'unknownError'}`));
    }
  };
  return (
    <Stack spacing={1} sx={{ maxWidth: 640 }} data-testid="profile-information">
      <Typography>
        {view.registration?.name} · {translate(`admin.companyProfile.companyType.${view.companyType}`, { _: '' })}
      </Typography>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={translate(`admin.companyProfile.fields.${field}`)}
          value={values[field]}
          fullWidth
          onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
          type={field === 'dateIncorporated' ? 'date' : field === 'description' ? 'text' : 'number'}
          multiline={field === 'description'}
          minRows={field === 'description' ? 3 : undefined}
          error={Boolean(errors[field])}
          helperText={errors[field] ?? ' '}
          slotProps={{
            htmlInput: { 'data-testid': `information-${field}` },
            inputLabel: field === 'dateIncorporated' ? { shrink: true } : undefined,
          }}
        />
      ))}
      {message && <Alert severity="error">{message}</Alert>}
      <Button variant="contained" onClick={() => void save()} sx={{ alignSelf: 'flex-start' }} data-testid="information-save">
        {translate('ra.action.save')}
      </Button>
    </Stack>
  );
}
