// The company's subscription (signed-in-area.md §2.5 "company subscription and payment"): the packages as
// cards (type and tier, price a year, the caps), a coupon box, the price with its discount and SST 6% as the
// api quotes it, and Order for the company's administrator; below, the company's billing records, newest
// first (§8.3 "no billing records" when there are none). A bill waiting for payment is paid online ("Pay
// online": the gateway's page, card or FPX) or by cheque or bank draft (ChequeDialog.tsx): its row then shows
// the cheque waiting for clearance, or why it was rejected.
import { statusLabel } from '../catalogue/labels.js';
import { BillingUsageLines, useBillingSubject } from './BillingUsage.js';
import { ChequeDialog } from './ChequeDialog.js';
import { InvoiceButton } from './InvoiceButton.js';
import { PayOnlineButton } from './PayOnlineButton.js';
import { PaymentReturn } from './PaymentReturn.js';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, LinearProgress, TextField, Typography } from '@mui/material';
import { hasAnyAccessRight } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { useSession } from '../../shared/session/session-store.js';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { packageName } from './ConfigurationPage.js';
import { rateText, senText, storageText } from './sen.js';
import {
  billings as loadBillings,
  chequePayments as loadCheques,
  order,
  packages as loadPackages,
  quote as loadQuote,
  type Billing,
  type ChequePayment,
  type Package,
  type Quote,
} from './subscriptions-api.js';

function refusalText(translate: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  const code = errorCodeOf(error);
  const reason = error instanceof ApiError && typeof error.extra.reason === 'string' ? error.extra.reason : undefined;
  const base = translate(`error.${code}`, { _: translate('error.unknownError') });
  return code === 'invalidCoupon' && reason ? `${base} ${translate(`subscriptions.couponReasons.${reason}`, { _: '' })}`.trim() : base;
}

function PackageCard({ pkg, chosen, onChoose }: { pkg: Package; chosen: boolean; onChoose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.${key}`, options);
  const unlimited = t('unlimited');
  const money = (sen: number | null) => (sen === null ? unlimited : senText(sen));
  const name = packageName(translate, pkg.id);
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="subscription-package"
      data-package={pkg.id}
      sx={{ display: 'flex', flexDirection: 'column', borderWidth: chosen ? 2 : 1, borderColor: chosen ? 'primary.main' : 'divider' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" variant="h6">
            {name}
          </Typography>
          {pkg.current && (
            <Chip
              size="small"
              color="success"
              label={pkg.trial ? t('trialUntil', { date: formatDate(pkg.currentUntil ?? '') }) : t('current')}
              data-testid="package-current"
            />
          )}
          {pkg.awaitingPayment && !pkg.current && (
            <Chip size="small" color="warning" variant="outlined" label={t('awaitingPayment')} data-testid="package-awaiting-payment" />
          )}
        </Box>
        <Typography variant="h5" component="p" sx={{ my: 1 }}>
          {t('perYear', { price: senText(pkg.price) })}
        </Typography>
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          <Typography component="li" variant="body2">
            {t('caps.tenderInvitations', {
              value: pkg.tenderInvitations === null ? unlimited : pkg.tenderInvitations.toLocaleString('en-MY'),
            })}
          </Typography>
          <Typography component="li" variant="body2">
            {t('caps.awardValuePerYear', { value: money(pkg.awardValuePerYear) })}
          </Typography>
          <Typography component="li" variant="body2">
            {t('caps.purchaseOrderValuePerYear', { value: money(pkg.purchaseOrderValuePerYear) })}
          </Typography>
          <Typography component="li" variant="body2">
            {t('caps.claimValuePerYear', { value: money(pkg.claimValuePerYear) })}
          </Typography>
          <Typography component="li" variant="body2">
            {t('caps.storage', { value: storageText(pkg.storageGb) })}
          </Typography>
        </Box>
      </CardContent>
      <CardActions>
        <Button
          variant={chosen ? 'contained' : 'outlined'}
          onClick={onChoose}
          disabled={(pkg.current && !pkg.trial) || pkg.awaitingPayment}
          aria-pressed={chosen}
          aria-label={t('chooseNamed', { name })}
          data-testid="subscription-choose"
        >
          {pkg.current && !pkg.trial ? t('current') : pkg.awaitingPayment ? t('awaitingPayment') : chosen ? t('chosen') : t('choose')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** What the bill's row says of its newest cheque: waiting for clearance, or rejected with the remark. */
function ChequeNote({ cheque }: { cheque: ChequePayment }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.cheque.${key}`, options);
  const what = t('what', { kind: t(`kinds.${cheque.kind}`), number: cheque.chequeNo, bank: cheque.bank });
  if (cheque.status === 'pending')
    return (
      <Alert severity="info" sx={{ mt: 1 }} data-testid="cheque-pending">
        {t('pendingNote', { what })}
      </Alert>
    );
  if (cheque.status === 'rejected')
    return (
      <Alert severity="warning" sx={{ mt: 1 }} data-testid="cheque-rejected">
        {t('rejectedNote', { what, remark: cheque.remark ?? '' })}
      </Alert>
    );
  return null;
}

function BillingList({ reloadKey, canPay }: { reloadKey: number; canPay: boolean }) {
  const translate = useTranslate();
  const subject = useBillingSubject();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.${key}`, options);
  const [rows, setRows] = useState<Billing[] | null>(null);
  const [cheques, setCheques] = useState<ChequePayment[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [paying, setPaying] = useState<Billing | null>(null);
  const load = useCallback(async (after: string | null) => {
    try {
      // The company's recent cheques (newest first) beside its bills: a row shows its bill's newest cheque.
      const [page, recent] = await Promise.all([loadBillings(after), after ? null : loadCheques(null, 100)]);
      setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
      if (recent) setCheques(recent.items);
      setNext(page.next);
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load, reloadKey]);
  return (
    <Box component="section" aria-labelledby="subscription-billings" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h6" id="subscription-billings" gutterBottom>
        {t('billings')}
      </Typography>
      {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
      {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows?.length === 0 && <Typography data-testid="billings-none">{t('noBillingRecords')}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {rows?.map((row) => {
          const cheque = row.status === 'pendingPayment' ? cheques.find((c) => c.billingId === row.id) : undefined;
          return (
            <Card variant="outlined" component="li" key={row.id} data-testid="billing-row" data-invoice={row.invoiceNo}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{row.invoiceNo}</Typography>
                  <Typography variant="body2" color="text.secondary">{`${subject(row)} · ${formatDate(row.orderedAt)}`}</Typography>
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{senText(row.total)}</Typography>
                  <Chip size="small" label={statusLabel(translate, 'billing', row.status)} data-testid="billing-status" />
                </Box>
                <BillingUsageLines row={row} />
                <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {canPay && row.status === 'pendingPayment' && cheque?.status !== 'pending' && (
                    <PayOnlineButton billingId={row.id} invoiceNo={row.invoiceNo} />
                  )}
                  <InvoiceButton billingId={row.id} invoiceNo={row.invoiceNo} />
                  {canPay && row.status === 'pendingPayment' && cheque?.status !== 'pending' && (
                    <Button
                      variant="outlined"
                      size="small"
                      onClick={() => setPaying(row)}
                      aria-label={t('cheque.payNamed', { invoiceNo: row.invoiceNo })}
                      data-testid="billing-pay-cheque"
                    >
                      {t('cheque.pay')}
                    </Button>
                  )}
                </Box>
                {cheque && (
                  <Box sx={{ flexBasis: '100%' }}>
                    <ChequeNote cheque={cheque} />
                  </Box>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Box>
      {next && (
        <Button sx={{ mt: 1 }} onClick={() => void load(next)}>
          {t('more')}
        </Button>
      )}
      <ChequeDialog
        bill={paying}
        onClose={(recorded) => {
          setPaying(null);
          if (recorded) {
            notify('subscriptions.cheque.recorded', { type: 'success' });
            void load(null);
          }
        }}
      />
    </Box>
  );
}

export function SubscriptionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.${key}`, options);
  const canOrder = hasAnyAccessRight(session?.accessRights ?? '', 'administration.companyProfile.update');
  const [offer, setOffer] = useState<{ packages: Package[]; sstRate: number; suggestedType: Package['type'] | null } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [coupon, setCoupon] = useState('');
  const [applied, setApplied] = useState('');
  const [priced, setPriced] = useState<Quote | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const load = useCallback(async () => {
    try {
      setOffer(await loadPackages());
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const paidBack = useCallback(() => {
    setReloadKey((k) => k + 1);
    void load();
  }, [load]);
  useEffect(() => {
    setPriced(null);
    setRefused(null);
    if (!chosen) return;
    let live = true;
    loadQuote(chosen, applied).then(
      (q) => live && setPriced(q),
      (error: unknown) => live && setRefused(refusalText(translate, error)),
    );
    return () => {
      live = false;
    };
  }, [chosen, applied, translate]);

  const place = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const placed = await order(chosen, applied);
      notify('subscriptions.ordered', { type: 'success', messageArgs: { invoiceNo: placed.invoiceNo } });
      setChosen(null);
      setCoupon('');
      setApplied('');
      setReloadKey((k) => k + 1);
      void load();
    } catch (error) {
      setRefused(refusalText(translate, error));
    } finally {
      setBusy(false);
    }
  };

  const types = offer
    ? [...new Set([offer.suggestedType, ...offer.packages.map((p) => p.type)].filter((x): x is Package['type'] => x !== null))]
    : [];
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="subscription-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <PaymentReturn onPaid={paidBack} />
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {t('tryAgain')}
              </Button>
            }
          >
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
        {!offer && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {types.map((type) => (
          <Box component="section" key={type} aria-labelledby={`packages-${type}`} sx={{ mb: 3 }}>
            <Typography component="h2" variant="h6" id={`packages-${type}`} gutterBottom>
              {t(`typeHeadings.${type}`)}
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
            >
              {offer!.packages
                .filter((p) => p.type === type)
                .map((pkg) => (
                  <PackageCard key={pkg.id} pkg={pkg} chosen={chosen === pkg.id} onChoose={() => setChosen(pkg.id)} />
                ))}
            </Box>
          </Box>
        ))}
        {offer && (
          <Box component="section" aria-labelledby="subscription-order" sx={{ maxWidth: 480 }}>
            <Typography component="h2" variant="h6" id="subscription-order" gutterBottom>
              {t('yourOrder')}
            </Typography>
            {!chosen && <Typography color="text.secondary">{t('chooseFirst')}</Typography>}
            <Box
              component="form"
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', my: 1, flexWrap: 'wrap' }}
              onSubmit={(e) => {
                e.preventDefault();
                setApplied(coupon.trim());
              }}
            >
              <TextField
                size="small"
                label={t('coupon')}
                value={coupon}
                onChange={(e) => setCoupon(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'subscription-coupon', autoCapitalize: 'characters' } }}
                sx={{ flex: '1 1 180px' }}
              />
              <Button type="submit" variant="outlined" disabled={!chosen} data-testid="subscription-apply">
                {t('apply')}
              </Button>
            </Box>
            {refused && (
              <Alert severity="error" sx={{ my: 1 }} data-testid="subscription-refused">
                {refused}
              </Alert>
            )}
            {priced && (
              <Box
                component="dl"
                data-testid="subscription-price"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                  '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
                }}
              >
                <dt>{packageName(translate, priced.packageId)}</dt>
                <dd>{senText(priced.amounts.price)}</dd>
                {priced.amounts.discount > 0 && (
                  <>
                    <dt>{t('discount', { code: priced.couponCode ?? '' })}</dt>
                    <dd>{`-${senText(priced.amounts.discount)}`}</dd>
                  </>
                )}
                {(priced.amounts.credit ?? 0) > 0 && (
                  <>
                    <dt>{t('credit')}</dt>
                    <dd data-testid="subscription-credit">{`-${senText(priced.amounts.credit)}`}</dd>
                  </>
                )}
                <dt>{t('sst', { rate: rateText(priced.amounts.sstRate) })}</dt>
                <dd>{senText(priced.amounts.sst)}</dd>
                <Box component="dt" sx={{ fontWeight: 700 }}>
                  {t('total')}
                </Box>
                <Box component="dd" sx={{ fontWeight: 700 }} data-testid="subscription-total">
                  {senText(priced.amounts.total)}
                </Box>
              </Box>
            )}
            {canOrder ? (
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                disabled={!priced || busy}
                onClick={() => void place()}
                data-testid="subscription-order-button"
              >
                {t('order')}
              </Button>
            ) : (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('onlyAdministrator')}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('paymentNext')}
            </Typography>
          </Box>
        )}
        <BillingList reloadKey={reloadKey} canPay={canOrder} />
      </CardContent>
    </Card>
  );
}
