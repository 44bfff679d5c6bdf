// The tender page's "Award" tab (buyer, past the close): the sellers of the comparison sheet with
// their totals and rank to pick from, the kind of order to draft, a confirmation naming what the award makes,
// then the award(s) made with links to the letter of award and the order. Refusals as `error.<code>`.
import { useCallback, useEffect, useId, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  List,
  ListItem,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime, formatMoney } from '../../format.js';
import { errorCodeOf } from '../../providers/admin-request.js';
import type { ComparisonSeller } from '../comparison/comparison-model.js';
import {
  ORDER_KINDS,
  award,
  awardable,
  documentPath,
  loadAwards,
  loadSellers,
  nameOf,
  type AwardRecord,
  type OrderKind,
} from './award-model.js';

type Loaded = { sellers: ComparisonSeller[]; awards: AwardRecord[] };

export function AwardTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  // The award moves the tender to draftContract: the page reads it again (its status, history, actions).
  const refresh = useRefresh();
  const sellerLabel = useId();
  const kindLabel = useId();
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(null);
  const [seller, setSeller] = useState('');
  const [kind, setKind] = useState<OrderKind>('purchaseOrder');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const load = useCallback(() => {
    Promise.all([loadSellers(document.id), loadAwards(document.id)]).then(
      ([sellers, awards]) => {
        setLoaded({ sellers, awards });
      },
      (error: unknown) => setLoaded({ error: errorCodeOf(error) }),
    );
  }, [document.id]);
  useEffect(load, [load, document.revision]);

  if (loaded === null) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if ('error' in loaded)
    return (
      <Alert severity={loaded.error === 'tenderSealed' ? 'info' : 'error'} data-testid="award-refused">
        {translate(`error.${loaded.error}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  const { sellers, awards } = loaded;
  const chosen = sellers.find((s) => s.sellerCompanyId === seller);
  const others = sellers.length - 1;
  const open = awardable(document.status, document.revision, awards);

  const submit = () => {
    if (!chosen) return;
    setBusy(true);
    setRefused(null);
    award(document.id, chosen.sellerCompanyId, kind).then(
      () => {
        setConfirming(false);
        setBusy(false);
        setSeller('');
        load();
        refresh();
      },
      (error: unknown) => {
        setConfirming(false);
        setBusy(false);
        setRefused(errorCodeOf(error));
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {awards.length > 0 && (
        <Box data-testid="award-list">
          <Typography variant="h6" component="h2">
            {translate('admin.tenderAward.made')}
          </Typography>
          <List dense>
            {awards.map((a) => (
              <ListItem key={a.revision} data-testid="award-item" sx={{ display: 'block', px: 0 }}>
                <Typography variant="body2">
                  {translate('admin.tenderAward.madeLine', {
                    seller: nameOf(sellers, a.sellerCompanyId),
                    at: formatDateTime(a.at),
                    told: a.unsuccessfulSellerIds.length,
                  })}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                  <Link component={RouterLink} to={documentPath('letterOfAward', a.letterOfAwardId)} data-testid="award-letter">
                    {translate('admin.tenderAward.openLetter')}
                  </Link>
                  <Link component={RouterLink} to={documentPath(a.orderKind, a.orderId)} data-testid="award-order">
                    {translate(`admin.tenderAward.openOrder.${a.orderKind}`)}
                  </Link>
                </Box>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {sellers.length === 0 && (
        <Alert severity="info" data-testid="award-empty">
          {translate('admin.tenderComparison.noQuotations')}
        </Alert>
      )}
      {sellers.length > 0 && !open && awards.length === 0 && <Alert severity="info">{translate('admin.tenderAward.notAwardable')}</Alert>}
      {sellers.length > 0 && open && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) setConfirming(true);
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <FormControl>
            <FormLabel id={sellerLabel}>{translate('admin.tenderAward.seller')}</FormLabel>
            <RadioGroup aria-labelledby={sellerLabel} value={seller} onChange={(e) => setSeller(e.target.value)}>
              {sellers.map((s) => (
                <FormControlLabel
                  key={s.sellerCompanyId}
                  value={s.sellerCompanyId}
                  control={<Radio />}
                  data-testid="award-seller"
                  label={translate('admin.tenderAward.sellerLine', {
                    rank: s.rank,
                    name: s.sellerName ?? s.sellerCompanyId,
                    total: formatMoney(s.total),
                  })}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id={kindLabel}>{translate('admin.tenderAward.orderKind')}</FormLabel>
            <RadioGroup aria-labelledby={kindLabel} row value={kind} onChange={(e) => setKind(e.target.value as OrderKind)}>
              {ORDER_KINDS.map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio />}
                  label={translate(`admin.tenderAward.kind.${k}`)}
                  data-testid={`award-kind-${k}`}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {refused && (
            <Alert severity="error" data-testid="award-error">
              {translate(`error.${refused}`, { _: translate('error.unknownError') })}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={!chosen} data-testid="award-submit">
              {translate('admin.tenderAward.award')}
            </Button>
          </Box>
        </Box>
      )}
      <Dialog
        open={confirming && chosen !== undefined}
        onClose={() => !busy && setConfirming(false)}
        aria-labelledby={`${sellerLabel}-dialog`}
      >
        <DialogTitle id={`${sellerLabel}-dialog`}>{translate('admin.tenderAward.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="award-confirm-text">
            {translate('admin.tenderAward.confirmText', {
              seller: chosen?.sellerName ?? chosen?.sellerCompanyId ?? '',
              total: formatMoney(chosen?.total),
              order: translate(`admin.tenderAward.kind.${kind}`),
              others,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button onClick={submit} variant="contained" disabled={busy} data-testid="award-confirm">
            {translate('admin.tenderAward.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
