// Adding or changing an entry of a list: a field per FieldSpec, each refusal of the server shown on its field
// (its error code translated), anything else above the buttons.
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { PersonIdType, TrackRecordStatus, type ProfileList } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { entryBody, LIST_FIELDS, type FieldSpec } from './profile-fields.js';

export type EntrySave = (body: Record<string, unknown>) => Promise<void>;

export function EntryDialog({
  list,
  initial,
  title,
  onSave,
  onClose,
}: {
  list: ProfileList;
  initial: Record<string, string>;
  title: string;
  onSave: EntrySave;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (name: string) =>
    translate(`admin.companyProfile.fields.${list}.${name}`, { _: translate(`admin.companyProfile.fields.${name}`) });

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await onSave(entryBody(list, values));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([field, codes]) => [
              field,
              translate(`error.${codes[0]}`, { _: translate('error.validationFailed') }),
            ]),
          ),
        );
        setMessage(translate('admin.companyProfile.fixErrors'));
      } else setMessage(translate(`error.${error instanceof ApiError ? error.errorCode : 'unknownError'}`));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: FieldSpec) => {
    const common = {
      key: field.name,
      label: label(field.name),
      value: values[field.name] ?? '',
      required: field.required,
      fullWidth: true,
      error: Boolean(errors[field.name]),
      helperText: errors[field.name] ?? ' ',
      onChange: (event: { target: { value: string } }) => setValues((before) => ({ ...before, [field.name]: event.target.value })),
      slotProps: { htmlInput: { 'data-testid': `entry-${field.name}` }, inputLabel: field.kind === 'date' ? { shrink: true } : undefined },
    };
    if (field.kind === 'idType') {
      return (
        <TextField {...common} select>
          {Object.values(PersonIdType).map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`admin.companyProfile.idType.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (field.kind === 'trackStatus') {
      return (
        <TextField {...common} select>
          {Object.values(TrackRecordStatus).map((status) => (
            <MenuItem key={status} value={String(status)}>
              {translate(`admin.companyProfile.trackStatus.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        {...common}
        type={field.kind === 'date' ? 'date' : field.kind === 'number' ? 'number' : 'text'}
        multiline={field.kind === 'longText'}
        minRows={field.kind === 'longText' ? 2 : undefined}
      />
    );
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="entry-dialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {LIST_FIELDS[list].map(input)}
          {message && (
            <Alert severity="error" data-testid="entry-message">
              {message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="entry-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
