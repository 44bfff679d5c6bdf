// A new advertisement, or an edit of one: its title (the image's alt text), an https link, the dates it is
// shown and its 16:9 image. An edit asks why; a new image is optional then. What the api refuses shows on
// its field (a 4:3 picture on the image field).
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { AD_IMAGE_TYPES, AD_LINK_MAX, AD_TITLE_MAX, advertisementDetailsErrors, type AdvertisementRow } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { createAdvertisement, editAdvertisement, replaceAdvertisementImage, type AdvertisementFields } from './advertisements-api.js';

type Props = { open: boolean; editing: AdvertisementRow | null; onClose: () => void; onSaved: () => void };

const EMPTY: AdvertisementFields = { title: '', linkUrl: '', validFrom: '', validTo: '' };

export function AdvertisementDialog({ open, editing, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const imageId = useId();
  const imageHelpId = useId();
  const [fields, setFields] = useState<AdvertisementFields>(EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFields(
      editing ? { title: editing.title, linkUrl: editing.linkUrl ?? '', validFrom: editing.validFrom, validTo: editing.validTo } : EMPTY,
    );
    setImage(null);
    setReason('');
    setErrors({});
    setFailed(null);
  };
  const set = (name: keyof AdvertisementFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const errorOf = (name: string) => {
    const code = errors[name]?.[0];
    return code ? translate(`platform.advertisements.fieldErrors.${code}`, { _: translate(`error.${code}`, { _: code }) }) : null;
  };

  const save = async () => {
    const found: Record<string, string[]> = { ...advertisementDetailsErrors(fields) };
    if (!editing && image === null) found.image = ['required'];
    if (editing && reason.trim() === '') found.reason = ['required'];
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (!editing) await createAdvertisement(fields, image!);
      else {
        if (image !== null) await replaceAdvertisementImage(editing.id, image, reason.trim());
        await editAdvertisement(editing.id, fields, reason.trim());
      }
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailed(error instanceof ApiError ? error.errorCode : 'unknownError');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof AdvertisementFields, extra: object = {}) => {
    const error = errorOf(name);
    return {
      value: fields[name],
      onChange: set(name),
      error: error !== null,
      helperText: error ?? ' ',
      fullWidth: true,
      label: translate(`platform.advertisements.fields.${name}`),
      ...extra,
    };
  };
  const imageError = errorOf('image');

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onEnter: reset } }}
      data-testid="advertisement-dialog"
    >
      <DialogTitle id={titleId}>
        {translate(editing ? 'platform.advertisements.editTitle' : 'platform.advertisements.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField
            {...field('title', {
              required: true,
              slotProps: { htmlInput: { maxLength: AD_TITLE_MAX, 'data-testid': 'advertisement-title' } },
            })}
          />
          <TextField
            {...field('linkUrl', {
              type: 'url',
              placeholder: 'https://',
              slotProps: { htmlInput: { maxLength: AD_LINK_MAX, 'data-testid': 'advertisement-link' } },
            })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...field('validFrom', {
                type: 'date',
                required: true,
                slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'advertisement-valid-from' } },
              })}
            />
            <TextField
              {...field('validTo', {
                type: 'date',
                required: true,
                slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'advertisement-valid-to' } },
              })}
            />
          </Stack>
          <Box>
            <Typography component="label" htmlFor={imageId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
              {translate(editing ? 'platform.advertisements.fields.newImage' : 'platform.advertisements.fields.image')}
              {editing ? '' : ' *'}
            </Typography>
            <input
              id={imageId}
              type="file"
              accept={AD_IMAGE_TYPES.join(',')}
              required={!editing}
              aria-invalid={imageError !== null}
              aria-describedby={imageHelpId}
              data-testid="advertisement-image"
              onChange={(event) => {
                setImage(event.target.files?.[0] ?? null);
                setErrors(({ image: _dropped, ...rest }) => rest);
              }}
            />
            <FormHelperText id={imageHelpId} error={imageError !== null} data-testid="advertisement-image-help">
              {imageError ?? translate('platform.advertisements.imageHint')}
            </FormHelperText>
          </Box>
          {editing && (
            <TextField
              label={translate('platform.advertisements.fields.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              fullWidth
              multiline
              minRows={2}
              error={errorOf('reason') !== null}
              helperText={errorOf('reason') ?? ' '}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'advertisement-reason' } }}
            />
          )}
          {failed && (
            <Alert severity="error" role="alert">
              {translate(`error.${failed}`, { _: translate('error.unknownError') })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="advertisement-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
