// A billing record's tax invoice (a receipt once paid) as a PDF, saved from its row.
import { useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { downloadFile } from '../providers/download-file.js';
import { useFileDownload } from '../providers/use-file-download.js';

export function InvoiceButton({ billingId, invoiceNo }: { billingId: string; invoiceNo: string }) {
  const translate = useTranslate();
  const { saving, save } = useFileDownload();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PictureAsPdfIcon />}
      disabled={saving}
      data-testid="invoice-pdf"
      aria-label={`${translate('subscriptions.invoicePdf')}: ${invoiceNo}`}
      onClick={() =>
        void save(() => downloadFile(`/api/billings/${encodeURIComponent(billingId)}/invoice.pdf`, 'application/pdf', `${invoiceNo}.pdf`))
      }
    >
      {translate('subscriptions.invoicePdf')}
    </Button>
  );
}
