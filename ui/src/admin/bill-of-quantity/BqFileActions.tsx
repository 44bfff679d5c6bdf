// The BQ tab's file actions: Export (the .xlsx the api writes), Import (the dialog: preview,
// column mapping, progress, errors by row and column) and the link to the BQ scan list (OCR import).
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Stack } from '@mui/material';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { useFileDownload } from '../providers/use-file-download.js';
import { exportWorkbook, type ImportReply } from './bq-excel.js';
import { BqImportDialog } from './BqImportDialog.js';

export const scanListPath = (projectId: string) => `/project/${encodeURIComponent(projectId)}/bill-of-quantity-scan-list`;

export function BqFileActions({
  projectId,
  editable,
  disabled,
  onImported,
}: {
  projectId: string;
  editable: boolean;
  disabled: boolean;
  onImported: (reply: ImportReply) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [importing, setImporting] = useState(false);
  const { saving: exporting, save } = useFileDownload();
  const download = () => save(() => exportWorkbook(projectId));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadIcon />}
        onClick={() => void download()}
        disabled={exporting}
        data-testid="bq-export"
      >
        {translate('admin.bq.export.button')}
      </Button>
      {editable && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileUploadIcon />}
          onClick={() => setImporting(true)}
          disabled={disabled}
          data-testid="bq-import"
        >
          {translate('admin.bq.import.button')}
        </Button>
      )}
      <Button
        size="small"
        startIcon={<DocumentScannerIcon />}
        component={RouterLink}
        to={scanListPath(projectId)}
        data-testid="bq-scans-link"
      >
        {translate('admin.bq.scans.link')}
      </Button>
      <BqImportDialog
        projectId={projectId}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(reply) => {
          notify('admin.bq.import.done', {
            type: 'success',
            messageArgs: { rows: reply.rows, tabs: reply.tabs.map((t) => t.name).join(', ') },
          });
          onImported(reply);
        }}
      />
    </Stack>
  );
}
