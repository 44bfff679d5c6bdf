// One company document in the list: its title (a button that downloads the current file), kind, number,
// dates, an "expires in N days" warning within the reminder's month (or "expired"), and its history with
// every version downloadable; replace and remove for those who may change the profile.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Chip, Collapse, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { EXPIRY_REMINDER_DAYS, type CompanyFileView } from '@binaan/contracts';
import { formatDate, formatDateTime } from '../format.js';
import { formatSize } from './company-files-api.js';

type Props = {
  file: CompanyFileView;
  canChange: boolean;
  onDownload: (version: number, name: string) => void;
  onReplace?: () => void;
  onRemove?: () => void;
};

export function ExpiryChip({ days }: { days: number | null }) {
  const translate = useTranslate();
  if (days === null) return null;
  if (days < 0)
    return <Chip size="small" color="error" label={translate('companyFiles.expired', { days: -days })} data-testid="company-file-expiry" />;
  if (days <= EXPIRY_REMINDER_DAYS)
    return (
      <Chip size="small" color="warning" label={translate('companyFiles.expiresIn', { count: days })} data-testid="company-file-expiry" />
    );
  return null;
}

export function CompanyDocumentItem({ file, canChange, onDownload, onReplace, onRemove }: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const facts = [
    translate(`companyFiles.categories.${file.category}`),
    file.referenceNo ? translate('companyFiles.referenceShort', { no: file.referenceNo }) : null,
    file.issuedOn ? translate('companyFiles.issuedShort', { date: formatDate(file.issuedOn) }) : null,
    file.expiresOn ? translate('companyFiles.expiresShort', { date: formatDate(file.expiresOn) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const historyId = `company-file-history-${file.documentId}`;
  return (
    <ListItem
      divider
      disableGutters
      sx={{ display: 'block' }}
      data-testid="company-document"
      data-title={file.title}
      data-category={file.category}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Button
            variant="text"
            size="small"
            onClick={() => onDownload(file.current.version, file.current.name)}
            data-testid="company-document-download"
            aria-label={translate('companyFiles.download', { name: file.current.name })}
            sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left', overflowWrap: 'anywhere', fontWeight: 600 }}
          >
            {file.title}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {facts}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[file.current.name, formatSize(file.current.size), translate('companyFiles.version', { version: file.current.version })].join(
              ' · ',
            )}
          </Typography>
          {file.removed && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="company-document-removed">
              {translate('companyFiles.removedBy', {
                name: file.removed.byName ?? '-',
                date: formatDateTime(file.removed.at),
                reason: file.removed.reason,
              })}
            </Typography>
          )}
          <Box sx={{ mt: 0.5 }}>
            <ExpiryChip days={file.removed ? null : file.expiresInDays} />
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={historyId}
            data-testid="company-document-history-toggle"
          >
            {translate('companyFiles.history', { count: file.history.length })}
          </Button>
          {canChange && onReplace && (
            <Button
              size="small"
              variant="outlined"
              onClick={onReplace}
              aria-label={translate('companyFiles.replaceNamed', { title: file.title })}
              data-testid="company-document-replace"
            >
              {translate('companyFiles.replace')}
            </Button>
          )}
          {canChange && onRemove && (
            <Button
              size="small"
              color="error"
              onClick={onRemove}
              aria-label={translate('companyFiles.removeNamed', { title: file.title })}
              data-testid="company-document-remove"
            >
              {translate('companyFiles.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Collapse in={open} id={historyId}>
        <List dense aria-label={translate('companyFiles.historyOf', { title: file.title })}>
          {file.history.map((step, index) => {
            const version = step.version ? file.versions.find((candidate) => candidate.version === step.version) : undefined;
            return (
              <ListItem key={`${step.action}-${index}`} disableGutters>
                <ListItemText
                  primary={translate(`companyFiles.actions.${step.action}`, {
                    version: step.version ?? '',
                    name: step.byName ?? translate('companyFiles.platform'),
                  })}
                  secondary={[formatDateTime(step.at), step.reason].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {version && (
                  <Button
                    size="small"
                    onClick={() => onDownload(version.version, version.name)}
                    aria-label={translate('companyFiles.download', {
                      name: `${version.name} (${translate('companyFiles.version', { version: version.version })})`,
                    })}
                  >
                    {translate('companyFiles.downloadShort')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      </Collapse>
    </ListItem>
  );
}
