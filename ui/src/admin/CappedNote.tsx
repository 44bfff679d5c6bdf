// A list kept short on purpose says so: "Showing 100 of 2,345", never a silent cut. Nothing is
// shown while the list holds everything.
import { useTranslate } from 'react-admin';
import { Alert } from '@mui/material';

export function CappedNote({ shown, total }: { shown: number; total: number }) {
  const translate = useTranslate();
  if (total <= shown) return null;
  return (
    <Alert severity="info" sx={{ my: 1 }} data-testid="capped-note" data-shown={shown} data-total={total}>
      {translate('admin.capped', { shown, total })}
    </Alert>
  );
}
