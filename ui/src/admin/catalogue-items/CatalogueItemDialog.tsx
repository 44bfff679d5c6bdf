// One catalogue item: its form (new or edit; the fields of its kind), retire or restore with a reason, and its
// history. The server holds every rule (a name or code taken, a stale revision) and its refusals show
// translated, on their field where they name one.
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { CATALOGUE_ITEM_KINDS, type CatalogueItemKind, type CatalogueItemRow, type CatalogueItemValues } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { actOnCatalogueItem, addCatalogueItem, editCatalogueItem } from './catalogue-items-api.js';
import { CatalogueItemHistory } from './CatalogueItemHistory.js';

type Field = keyof CatalogueItemValues;
const COMMON: readonly Field[] = ['code', 'name', 'description', 'unit', 'unitPrice'];
const OF_KIND: Record<CatalogueItemKind, readonly Field[]> = {
  product: ['brandModel', 'colour', 'size', 'manufacturer'],
  trade: ['tradeCategory'],
  other: [],
};
const EMPTY: CatalogueItemValues = {
  code: '',
  name: '',
  description: '',
  unit: '',
  unitPrice: '',
  brandModel: '',
  colour: '',
  size: '',
  manufacturer: '',
  tradeCategory: '',
};

export function CatalogueItemDialog({
  item,
  canChange,
  onClose,
}: {
  item: CatalogueItemRow | null;
  canChange: boolean;
  onClose: (changed: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [kind, setKind] = useState<CatalogueItemKind>(item?.kind ?? 'product');
  const [values, setValues] = useState<CatalogueItemValues>(item ? { ...EMPTY, ...pick(item) } : EMPTY);
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = canChange && item?.status !== 'retired';

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailed(null);
    setFieldErrors({});
    try {
      await work();
      notify(done, { type: 'success' });
      onClose(true);
    } catch (error) {
      const fields =
        error instanceof ApiError && error.fields
          ? Object.fromEntries(Object.entries(error.fields).map(([f, codes]) => [f, codes[0] ?? 'invalid']))
          : {};
      setFieldErrors(fields);
      setFailed(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  const fields = [...COMMON, ...OF_KIND[kind]];
  const body = { ...Object.fromEntries(fields.map((f) => [f, values[f]])), ...(reason.trim() ? { reason: reason.trim() } : {}) };
  const save = () =>
    run(
      () => (item ? editCatalogueItem(item.id, body, item.revision) : addCatalogueItem({ kind, ...body })),
      item ? 'admin.catalogueItems.saved' : 'admin.catalogueItems.added',
    );
  const act = (action: 'Retire' | 'Restore') =>
    run(
      () => actOnCatalogueItem(item!.id, action, reason.trim(), item!.revision),
      `admin.catalogueItems.${action === 'Retire' ? 'retired' : 'restored'}`,
    );
  const fieldError = (field: string) =>
    fieldErrors[field] &&
    translate(`admin.catalogueItems.problems.${fieldErrors[field]}`, {
      _: translate(`error.${fieldErrors[field]}`, { _: fieldErrors[field] }),
    });

  return (
    <Dialog
      open
      onClose={() => !busy && onClose(false)}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="catalogue-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {item ? item.name : translate('admin.catalogueItems.add')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {failed && (
            <Alert severity="error" data-testid="catalogue-error">
              {translate(`error.${failed}`, { _: translate('error.unknownError') })}
            </Alert>
          )}
          <TextField
            select
            label={translate('admin.catalogueItems.fields.kind')}
            value={kind}
            disabled={item !== null}
            onChange={(e) => setKind(e.target.value as CatalogueItemKind)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'catalogue-field-kind' } }}
          >
            {CATALOGUE_ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {translate(`admin.catalogueItems.kind.${k}`)}
              </option>
            ))}
          </TextField>
          {fields.map((field) => (
            <TextField
              key={field}
              label={translate(`admin.catalogueItems.fields.${field}`)}
              value={values[field]}
              disabled={!editable}
              required={field === 'name' || (field === 'code' && kind !== 'trade')}
              multiline={field === 'description'}
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
              error={Boolean(fieldErrors[field])}
              helperText={fieldError(field)}
              slotProps={{
                htmlInput: { 'data-testid': `catalogue-field-${field}`, inputMode: field === 'unitPrice' ? 'decimal' : undefined },
              }}
            />
          ))}
          {canChange && (
            <TextField
              label={translate(item ? 'admin.catalogueItems.reason' : 'admin.catalogueItems.reasonOptional')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(fieldErrors.reason)}
              helperText={fieldError('reason')}
              slotProps={{ htmlInput: { 'data-testid': 'catalogue-field-reason', maxLength: 500 } }}
            />
          )}
          {item && <CatalogueItemHistory itemId={item.id} revision={item.revision} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {item && canChange && item.status === 'active' && (
          <Button color="warning" disabled={busy} onClick={() => void act('Retire')} data-testid="catalogue-retire">
            {translate('admin.catalogueItems.retire')}
          </Button>
        )}
        {item && canChange && item.status === 'retired' && (
          <Button disabled={busy} onClick={() => void act('Restore')} data-testid="catalogue-restore">
            {translate('admin.catalogueItems.restore')}
          </Button>
        )}
        <Button disabled={busy} onClick={() => onClose(false)}>
          {translate('ra.action.close')}
        </Button>
        {editable && (
          <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="catalogue-save">
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

const pick = (item: CatalogueItemRow): CatalogueItemValues => ({
  code: item.code,
  name: item.name,
  description: item.description,
  unit: item.unit,
  unitPrice: item.unitPrice,
  brandModel: item.brandModel,
  colour: item.colour,
  size: item.size,
  manufacturer: item.manufacturer,
  tradeCategory: item.tradeCategory,
});
