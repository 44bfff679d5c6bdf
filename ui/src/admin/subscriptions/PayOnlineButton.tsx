// "Pay online" on a bill waiting for payment: the api opens the payment gateway's page (card or FPX) and the
// browser goes there; the card or bank details are typed on the gateway's page, never on Binaan's. The
// gateway sends the payer back to the subscription page (PaymentReturn.tsx).
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import PaymentIcon from '@mui/icons-material/Payment';
import { errorCodeOf } from '../providers/admin-request.js';
import { checkout } from './subscriptions-api.js';

export function PayOnlineButton({ billingId, invoiceNo }: { billingId: string; invoiceNo: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      window.location.assign((await checkout(billingId)).url);
    } catch (error) {
      setBusy(false);
      notify(`error.${errorCodeOf(error)}`, { type: 'error', messageArgs: { _: translate('error.unknownError') } });
    }
  };
  return (
    <Button
      size="small"
      variant="contained"
      startIcon={<PaymentIcon />}
      disabled={busy}
      data-testid="pay-online"
      aria-label={`${translate('subscriptions.payOnline')}: ${invoiceNo}`}
      onClick={() => void pay()}
    >
      {translate('subscriptions.payOnline')}
    </Button>
  );
}
