// Files on a quotation or a question: the list (name as a download button, type, size, who and when), an
// "Attach a file" button (a real button, so it is reached and pressed by keyboard; it opens the browser's
// file picker), the upload's progress, and a remove button per file where the reader may change them.
// Limits and refusals are the api's (50 MB a file, 1 GB in all, no programs): shown with their codes.
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, IconButton, LinearProgress, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDateTime } from '../format.js';
import type { LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { downloadFile, formatSize, removeFile, uploadFile, type AttachedFile, type FilePlace } from './attachments-api.js';

type Props = {
  /** The section's heading (already translated). */
  title: string;
  place: FilePlace;
  files: AttachedFile[];
  /** Whether the reader may attach and remove here now. */
  canChange: boolean;
  onChanged: () => void;
  testId?: string;
  /** The heading's level (h2 on a page, h3 inside a question). */
  heading?: 'h2' | 'h3' | 'h4';
  /** The list could not be loaded: said in its place (not "No file attached"), with a way to ask again. */
  failure?: { failure: LoadFailure; retry: () => void } | null;
};

export function AttachmentsSection({
  title,
  place,
  files,
  canChange,
  onChanged,
  testId = 'attachments',
  heading = 'h2',
  failure = null,
}: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (list: FileList | null) => {
    const chosen = list ? [...list] : [];
    if (input.current) input.current.value = '';
    for (const file of chosen) {
      setError(null);
      setProgress({ name: file.name, percent: 0 });
      try {
        await uploadFile(place.upload!, file, (percent) => setProgress({ name: file.name, percent }));
        notify('tendering.files.attached', { type: 'success', messageArgs: { name: file.name } });
      } catch (e) {
        setError(translate('tendering.files.refused', { name: file.name, reason: translate(`error.${errorCodeOf(e)}`) }));
      }
    }
    setProgress(null);
    onChanged();
  };
  const remove = async (file: AttachedFile) => {
    try {
      await removeFile(place, file.attachmentId);
      notify('tendering.files.removed', { type: 'info', messageArgs: { name: file.name } });
      onChanged();
    } catch (e) {
      setError(translate(`error.${errorCodeOf(e)}`));
    }
  };
  const download = (file: AttachedFile) =>
    downloadFile(place.download(file.attachmentId), file.name).catch((e: unknown) => setError(translate(`error.${errorCodeOf(e)}`)));

  return (
    <Box sx={{ mt: 2 }} data-testid={testId} data-count={files.length}>
      <Typography variant={heading === 'h2' ? 'h6' : 'subtitle2'} component={heading}>
        {title}
      </Typography>
      {failure ? (
        <LoadFailed what={title} failure={failure.failure} onRetry={failure.retry} testId={`${testId}-failed`} sx={{ mt: 1 }} />
      ) : files.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="attachments-none">
          {translate('tendering.files.none')}
        </Typography>
      ) : (
        <List dense aria-label={title} disablePadding>
          {files.map((file) => (
            <ListItem
              key={file.attachmentId}
              divider
              disableGutters
              data-testid="attachment"
              data-name={file.name}
              secondaryAction={
                canChange ? (
                  <Tooltip title={translate('tendering.files.remove', { name: file.name })}>
                    <IconButton
                      edge="end"
                      aria-label={translate('tendering.files.remove', { name: file.name })}
                      onClick={() => void remove(file)}
                      data-testid="attachment-remove"
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText
                sx={{ pr: canChange ? 5 : 0, minWidth: 0 }}
                primary={
                  <Button
                    variant="text"
                    size="small"
                    onClick={() => void download(file)}
                    data-testid="attachment-download"
                    aria-label={translate('tendering.files.download', { name: file.name })}
                    sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left', overflowWrap: 'anywhere' }}
                  >
                    {file.name}
                  </Button>
                }
                secondary={[formatSize(file.size), file.attachedByName, file.attachedAt ? formatDateTime(file.attachedAt) : null]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {progress && (
        <Box sx={{ mt: 1 }} data-testid="attachment-progress">
          <Typography variant="body2" id={`${testId}-progress`}>
            {translate('tendering.files.uploading', { name: progress.name, percent: progress.percent })}
          </Typography>
          <LinearProgress variant="determinate" value={progress.percent} aria-labelledby={`${testId}-progress`} />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="attachment-error">
          {error}
        </Alert>
      )}
      {canChange && place.upload && (
        <Box sx={{ mt: 1 }}>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            onChange={(e) => void send(e.target.files)}
            data-testid="attachment-input"
            tabIndex={-1}
            aria-hidden="true"
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={progress !== null}
            onClick={() => input.current?.click()}
            data-testid="attachment-add"
          >
            {translate('tendering.files.attach')}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {translate('tendering.files.limits')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
