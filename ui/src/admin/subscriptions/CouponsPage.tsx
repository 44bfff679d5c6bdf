// The platform administrator's coupons (signed-in-area.md §2.5 admin module "coupons", §3, §4.10, §5.3): newest
// first, a page at a time, each with its discount, the plans it is valid for, its dates and uses, and its status
// (active, inactive, redeemed); New coupon asks for the terms; Deactivate and Activate go through the coupon
// machine (a redeemed coupon, used up, is final).
import { useCallback, useEffect, useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { formatDate } from '../../shared/i18n/dates.js';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { packageName } from './ConfigurationPage.js';
import { senOf, senText } from './sen.js';
import { actOnCoupon, coupons as loadCoupons, createCoupon, type Coupon } from './subscriptions-api.js';

const PACKAGE_IDS = [
  'subcontractor-basic',
  'subcontractor-advanced',
  'subcontractor-elite',
  'supplier-basic',
  'supplier-advanced',
  'supplier-elite',
];
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** The form's start: a percentage, today to today (Malaysian days), one use. */
const blankCoupon = () => ({
  code: '',
  discountType: 'percentage' as Coupon['discountType'],
  discount: '',
  packageIds: [] as string[],
  validFrom: today(),
  validTo: today(),
  maxUses: '1',
});

function CreateDialog({ open, onClose }: { open: boolean; onClose: (created: string | null) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.coupons.${key}`, options);
  const titleId = useId();
  const [values, setValues] = useState(blankCoupon);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValues(blankCoupon());
      setFields({});
      setError(null);
    }
  }, [open]);
  const discount =
    values.discountType === 'percentage' ? (/^\d{1,3}$/.test(values.discount) ? Number(values.discount) : null) : senOf(values.discount);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await createCoupon({
        code: values.code.trim(),
        discountType: values.discountType,
        discount: discount ?? -1,
        packageIds: values.packageIds,
        validFrom: values.validFrom,
        validTo: values.validTo,
        maxUses: Number(values.maxUses),
      });
      onClose(reply.code);
    } catch (e) {
      setError(errorCodeOf(e));
      if (e instanceof ApiError) setFields(e.fields);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) => (fields[field]?.[0] ? t(`fieldErrors.${fields[field][0]}`) : undefined);
  const toggle = (id: string) =>
    setValues({
      ...values,
      packageIds: values.packageIds.includes(id) ? values.packageIds.filter((p) => p !== id) : [...values.packageIds, id],
    });
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose(null)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="coupon-dialog"
    >
      <DialogTitle id={titleId}>{t('newTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          required
          label={t('code')}
          value={values.code}
          onChange={(e) => setValues({ ...values, code: e.target.value.toUpperCase() })}
          error={!!fieldError('code')}
          helperText={fieldError('code') ?? t('codeHelp')}
          slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'coupon-code' } }}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('discountType')}
          value={values.discountType}
          onChange={(e) => setValues({ ...values, discountType: e.target.value as Coupon['discountType'], discount: '' })}
        >
          <MenuItem value="percentage">{t('percentage')}</MenuItem>
          <MenuItem value="fixed">{t('fixed')}</MenuItem>
        </TextField>
        <TextField
          fullWidth
          margin="dense"
          required
          label={values.discountType === 'percentage' ? t('discountPercent') : t('discountAmount')}
          value={values.discount}
          onChange={(e) => setValues({ ...values, discount: e.target.value })}
          error={!!fieldError('discount') || (values.discount !== '' && discount === null)}
          helperText={fieldError('discount')}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'coupon-discount' } }}
        />
        <FormGroup sx={{ my: 1 }} role="group" aria-labelledby={`${titleId}-plans`}>
          <FormLabel id={`${titleId}-plans`} error={!!fieldError('packageIds')}>
            {fieldError('packageIds') ?? t('plans')}
          </FormLabel>
          {PACKAGE_IDS.map((id) => (
            <FormControlLabel
              key={id}
              control={<Checkbox checked={values.packageIds.includes(id)} onChange={() => toggle(id)} />}
              label={packageName(translate, id)}
            />
          ))}
        </FormGroup>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            margin="dense"
            label={t('validFrom')}
            value={values.validFrom}
            onChange={(e) => setValues({ ...values, validFrom: e.target.value })}
            error={!!fieldError('validFrom')}
            helperText={fieldError('validFrom')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 150px' }}
          />
          <TextField
            type="date"
            margin="dense"
            label={t('validTo')}
            value={values.validTo}
            onChange={(e) => setValues({ ...values, validTo: e.target.value })}
            error={!!fieldError('validTo')}
            helperText={fieldError('validTo')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 150px' }}
          />
        </Box>
        <TextField
          margin="dense"
          required
          label={t('maxUses')}
          value={values.maxUses}
          onChange={(e) => setValues({ ...values, maxUses: e.target.value })}
          error={!!fieldError('maxUses')}
          helperText={fieldError('maxUses')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'coupon-max-uses' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(null)} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || values.code.trim() === '' || discount === null || values.packageIds.length === 0}
          data-testid="coupon-save"
        >
          {t('create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CouponsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.coupons.${key}`, options);
  const [rows, setRows] = useState<Coupon[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const load = useCallback(async (after: string | null) => {
    try {
      const page = await loadCoupons(after);
      setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
      setNext(page.next);
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load]);
  const act = async (coupon: Coupon, event: 'Activate' | 'Deactivate') => {
    try {
      await actOnCoupon(coupon.id, event);
      notify(`subscriptions.coupons.${event === 'Activate' ? 'activated' : 'deactivated'}`, {
        type: 'success',
        messageArgs: { code: coupon.code },
      });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
    void load(null);
  };
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="coupons-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setCreating(true)} data-testid="coupon-new">
          {t('new')}
        </Button>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows?.length === 0 && <Typography>{t('none')}</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows?.map((coupon) => (
            <Card variant="outlined" component="li" key={coupon.id} data-testid="coupon-row" data-code={coupon.code}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{coupon.code}</Typography>
                    <Chip
                      size="small"
                      label={translate(`resources.coupon.status.${coupon.status}`, { _: coupon.status })}
                      color={coupon.status === 'active' ? 'success' : 'default'}
                    />
                  </Box>
                  <Typography variant="body2">
                    {coupon.discountType === 'percentage'
                      ? t('percentOff', { n: coupon.discount })
                      : t('amountOff', { amount: senText(coupon.discount) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[
                      t('dates', { from: formatDate(coupon.validFrom), to: formatDate(coupon.validTo) }),
                      t('uses', { uses: coupon.uses, max: coupon.maxUses }),
                      coupon.packageIds.map((id) => packageName(translate, id)).join(', '),
                    ].join(' · ')}
                  </Typography>
                </Box>
                {coupon.status === 'active' && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => void act(coupon, 'Deactivate')}
                    aria-label={t('deactivateNamed', { code: coupon.code })}
                  >
                    {t('deactivate')}
                  </Button>
                )}
                {coupon.status === 'inactive' && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => void act(coupon, 'Activate')}
                    aria-label={t('activateNamed', { code: coupon.code })}
                  >
                    {t('activate')}
                  </Button>
                )}
              </CardContent>
            </Card>
          ))}
        </Box>
        {next && (
          <Button sx={{ mt: 1 }} onClick={() => void load(next)}>
            {t('more')}
          </Button>
        )}
      </CardContent>
      <CreateDialog
        open={creating}
        onClose={(code) => {
          setCreating(false);
          if (code) {
            notify('subscriptions.coupons.created', { type: 'success', messageArgs: { code } });
            void load(null);
          }
        }}
      />
    </Card>
  );
}
