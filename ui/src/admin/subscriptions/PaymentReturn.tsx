// Back from the payment gateway (?paid=INV-… or ?cancelled=INV-…): the gateway confirms a payment to the api
// by its own signed callback, which may land a moment after the payer is back, so the page reads the bill
// until it is paid (a few seconds), then says so and has the packages and bills read again.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { billing } from './subscriptions-api.js';

const TRIES = 40;
const EVERY_MS = 1_500;

export function PaymentReturn({ onPaid }: { onPaid: () => void }) {
  const translate = useTranslate();
  const [query] = useSearchParams();
  const paidNo = query.get('paid');
  const cancelledNo = query.get('cancelled');
  const [state, setState] = useState<'waiting' | 'paid' | 'notYet'>('waiting');
  useEffect(() => {
    if (!paidNo) return;
    let live = true;
    let tries = 0;
    const look = async () => {
      tries += 1;
      const bill = await billing(paidNo).catch(() => null);
      if (!live) return;
      if (bill?.status === 'paid') {
        setState('paid');
        onPaid();
      } else if (tries >= TRIES) setState('notYet');
      else setTimeout(() => void look(), EVERY_MS);
    };
    void look();
    return () => {
      live = false;
    };
  }, [paidNo, onPaid]);
  if (cancelledNo)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-cancelled">
        {translate('subscriptions.paymentCancelled', { invoiceNo: cancelledNo })}
      </Alert>
    );
  if (!paidNo) return null;
  const key = state === 'paid' ? 'paymentConfirmed' : state === 'notYet' ? 'paymentNotYetConfirmed' : 'paymentWaiting';
  return (
    <Alert severity={state === 'paid' ? 'success' : 'info'} role="status" sx={{ mb: 2 }} data-testid={`payment-${state}`}>
      {translate(`subscriptions.${key}`, { invoiceNo: paidNo })}
    </Alert>
  );
}
