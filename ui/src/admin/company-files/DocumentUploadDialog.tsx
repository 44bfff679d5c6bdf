// The dialog that adds a document (its kind, title, number, issue and expiry dates, the file) or a new
// version of one (its number and dates, the file). The file is chosen with a real button (reached and
// pressed by keyboard; it opens the browser's picker); the upload's progress shows while it goes.
import { useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { COMPANY_DOCUMENT_GROUPS, type CompanyDocumentGroup, type CompanyFileView } from '@binaan/contracts';
import type { DocumentFields } from './company-files-api.js';

type Props = {
  open: boolean;
  /** The document a new version is for; null for a new document. */
  replacing: CompanyFileView | null;
  /** The logo takes images only and has no dates. */
  logo: boolean;
  onClose: () => void;
  onSend: (fields: DocumentFields, file: File, onProgress: (percent: number) => void) => Promise<string | null>;
};

const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';
const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.doc,.docx,.xls,.xlsx';

export function DocumentUploadDialog({ open, replacing, logo, onClose, onSend }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState<DocumentFields>({});
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const set = (name: keyof DocumentFields) => (event: { target: { value: string } }) =>
    setFields((old) => ({ ...old, [name]: event.target.value }));
  const needsCategory = !logo && replacing === null;
  const missingCategory = tried && needsCategory && !fields.category;
  const missingFile = tried && file === null;

  const reset = () => {
    setFields(
      replacing
        ? { referenceNo: replacing.referenceNo ?? '', issuedOn: replacing.issuedOn ?? '', expiresOn: replacing.expiresOn ?? '' }
        : {},
    );
    setFile(null);
    setPercent(null);
    setError(null);
    setTried(false);
  };
  const close = () => {
    if (percent !== null) return;
    onClose();
  };
  const send = async () => {
    setTried(true);
    if (file === null || (needsCategory && !fields.category)) return;
    setError(null);
    setPercent(0);
    const refused = await onSend(logo && !replacing ? { category: 'logo' } : fields, file, setPercent);
    setPercent(null);
    if (refused) setError(refused);
  };
  const title = logo
    ? translate(replacing ? 'companyFiles.logo.replace' : 'companyFiles.logo.upload')
    : replacing
      ? translate('companyFiles.replaceTitle', { title: replacing.title })
      : translate('companyFiles.addTitle');

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onEnter: reset } }}
      data-testid="company-file-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {needsCategory && (
            <TextField
              select
              required
              label={translate('companyFiles.category')}
              value={fields.category ?? ''}
              onChange={set('category')}
              error={missingCategory}
              helperText={missingCategory ? translate('companyFiles.categoryRequired') : ' '}
              slotProps={{
                select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
                htmlInput: { 'data-testid': 'company-file-category' },
              }}
            >
              {(Object.keys(COMPANY_DOCUMENT_GROUPS) as CompanyDocumentGroup[]).flatMap((group) => [
                <ListSubheader key={`group-${group}`}>{translate(`companyFiles.groups.${group}`)}</ListSubheader>,
                ...COMPANY_DOCUMENT_GROUPS[group].map((category) => (
                  <MenuItem key={category} value={category} data-testid={`company-file-category-${category}`}>
                    {translate(`companyFiles.categories.${category}`)}
                  </MenuItem>
                )),
              ])}
            </TextField>
          )}
          {needsCategory && (
            <TextField
              label={translate('companyFiles.title')}
              value={fields.title ?? ''}
              onChange={set('title')}
              helperText={translate('companyFiles.titleHint')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'company-file-title' } }}
            />
          )}
          {!logo && (
            <>
              <TextField
                label={translate('companyFiles.referenceNo')}
                value={fields.referenceNo ?? ''}
                onChange={set('referenceNo')}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'company-file-reference' } }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  fullWidth
                  label={translate('companyFiles.issuedOn')}
                  value={fields.issuedOn ?? ''}
                  onChange={set('issuedOn')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-file-issued' } }}
                />
                <TextField
                  type="date"
                  fullWidth
                  label={translate('companyFiles.expiresOn')}
                  value={fields.expiresOn ?? ''}
                  onChange={set('expiresOn')}
                  helperText={translate('companyFiles.expiresHint')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-file-expires' } }}
                />
              </Stack>
            </>
          )}
          <Box>
            <input
              ref={input}
              type="file"
              hidden
              accept={logo ? LOGO_ACCEPT : DOCUMENT_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              data-testid="company-file-input"
              tabIndex={-1}
              aria-hidden="true"
            />
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              onClick={() => input.current?.click()}
              disabled={percent !== null}
              data-testid="company-file-choose"
            >
              {translate('companyFiles.chooseFile')}
            </Button>
            <Typography
              variant="body2"
              sx={{ mt: 1, overflowWrap: 'anywhere' }}
              color={missingFile ? 'error' : 'text.secondary'}
              data-testid="company-file-chosen"
            >
              {file ? file.name : translate(missingFile ? 'companyFiles.fileRequired' : 'companyFiles.noFileChosen')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(logo ? 'companyFiles.logo.limits' : 'companyFiles.limits')}
            </Typography>
          </Box>
          {percent !== null && (
            <Box data-testid="company-file-progress">
              <Typography variant="body2" id={`${titleId}-progress`}>
                {translate('companyFiles.uploading', { percent })}
              </Typography>
              <LinearProgress variant="determinate" value={percent} aria-labelledby={`${titleId}-progress`} />
            </Box>
          )}
          {error && (
            <Alert severity="error" data-testid="company-file-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={percent !== null}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={percent !== null} data-testid="company-file-send">
          {translate('companyFiles.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
