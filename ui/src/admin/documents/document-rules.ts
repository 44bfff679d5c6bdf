// The server's field rules (signed-in-area.md §5.3, apps/api/src/documents README) checked in the form
// before sending, with the same error codes, so a user sees them on the field; the server checks again and
// its answer lands on the same fields (data-provider.ts).
import { SST_PERCENT } from '@binaan/contracts';

type Item = { description?: string; unit?: string; quantity?: string; rate?: string; includeZeroRate?: boolean };
type Values = {
  title?: string | null;
  claimItems?: { description?: string | null }[];
  startDate?: string | null;
  endDate?: string | null;
  items?: Item[];
  minimumAmount?: string | null;
  maximumAmount?: string | null;
  openAt?: string | null;
  closeAt?: string | null;
  claimPercentage?: string | null;
  retentionPercent?: string | null;
  retentionLimitPercent?: string | null;
};

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;

/** Decimal string to integer hundredths (sen); null when not a decimal. */
export function toSen(value: string | undefined | null): bigint | null {
  if (!value || !MONEY.test(value.trim())) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  return BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
}

function toThousandths(value: string | undefined | null): bigint | null {
  if (!value || !QUANTITY.test(value.trim())) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  return BigInt(whole!) * 1000n + BigInt((fraction + '000').slice(0, 3));
}

export function formatSen(sen: bigint): string {
  const sign = sen < 0n ? '-' : '';
  const abs = sen < 0n ? -sen : sen;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Live totals as the server computes them: line = quantity x rate, half up to the sen; SST 6% half up. */
export function previewTotals(items: Item[] | undefined, sstApplicable: boolean): { subtotal: string; sst: string; total: string } {
  let subtotal = 0n;
  for (const item of items ?? []) {
    const q = toThousandths(item.quantity),
      r = toSen(item.rate);
    if (q !== null && r !== null) subtotal += (q * r + 500n) / 1000n;
  }
  const sst = sstApplicable ? (subtotal * BigInt(SST_PERCENT) + 50n) / 100n : 0n;
  return { subtotal: formatSen(subtotal), sst: formatSen(sst), total: formatSen(subtotal + sst) };
}

const percentOk = (v: string | null | undefined) => !v || (toSen(v) !== null && toSen(v)! <= 10000n);

const DATE_FIELDS = ['documentDate', 'startDate', 'endDate', 'expectedDeliveryStart', 'expectedDeliveryEnd'] as const;
const TIME_FIELDS = ['openAt', 'closeAt'] as const;
/** A date field holds YYYY-MM-DD once typed as DD/MM/YYYY (inputs/DmyDateInput); other text is not a date yet. */
const notDate = (v: unknown) => typeof v === 'string' && v !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(v);
const notTime = (v: unknown) => typeof v === 'string' && v !== '' && (!v.includes('T') || Number.isNaN(Date.parse(v)));

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const REQUIRED = 'ra.validation.required';

/**
 * Form-level check: `{ field: 'error.<code>' }` like the server's 422 replies. It also holds the fields the
 * form marks required (react-admin runs a form's validate instead of its inputs' own), so an empty one is
 * said in the user's language on its field before anything is sent.
 */
export function validateDocument(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const record = values as Record<string, unknown>;
  if (blank(values.title)) errors.title = REQUIRED;
  (values.items ?? []).forEach((item, i) => {
    for (const field of ['description', 'unit', 'quantity', 'rate'] as const)
      if (blank(item?.[field])) errors[`items.${i}.${field}`] = REQUIRED;
  });
  (values.claimItems ?? []).forEach((item, i) => {
    if (blank(item?.description)) errors[`claimItems.${i}.description`] = REQUIRED;
  });
  for (const field of DATE_FIELDS) if (notDate(record[field])) errors[field] = 'admin.inputs.notADate';
  for (const field of TIME_FIELDS) if (notTime(record[field])) errors[field] = 'admin.inputs.notADateTime';
  ((record.claimItems as { expectedCompletionDate?: unknown }[] | undefined) ?? []).forEach((item, i) => {
    if (notDate(item?.expectedCompletionDate)) errors[`claimItems.${i}.expectedCompletionDate`] = 'admin.inputs.notADate';
  });
  if (values.startDate && values.endDate && values.endDate < values.startDate) errors.endDate = 'error.endBeforeStart';
  (values.items ?? []).forEach((item, i) => {
    if (item.quantity !== undefined && item.quantity !== '' && toThousandths(item.quantity) === null)
      errors[`items.${i}.quantity`] = 'admin.rules.quantityFormat';
    else if (item.quantity && toThousandths(item.quantity) === 0n) errors[`items.${i}.quantity`] = 'error.quantityNotPositive';
    if (item.rate !== undefined && item.rate !== '' && toSen(item.rate) === null) errors[`items.${i}.rate`] = 'admin.rules.moneyFormat';
    else if (item.rate && toSen(item.rate) === 0n && !item.includeZeroRate)
      errors[`items.${i}.includeZeroRate`] = 'error.zeroRateNotIncluded';
  });
  const min = toSen(values.minimumAmount),
    max = toSen(values.maximumAmount);
  if (min !== null && max !== null && min > max) errors.minimumAmount = 'error.minimumAboveMaximum';
  if (values.openAt && values.closeAt && values.closeAt <= values.openAt) errors.closeAt = 'error.closeNotAfterOpen';
  for (const field of ['claimPercentage', 'retentionPercent', 'retentionLimitPercent'] as const)
    if (!percentOk(values[field])) errors[field] = 'error.percentageAbove100';
  return errors;
}
