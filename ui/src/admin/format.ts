// Display formats of the signed-in area: amounts as RM with two decimals and thousands separators (the
// api sends exact decimal strings, so no float arithmetic here), dates as DD/MM/YYYY (shared/i18n/dates).
export { formatDate, formatDateTime } from '../shared/i18n/dates.js';

export function formatMoney(amount: string | number | null | undefined, currency = 'RM'): string {
  if (amount === null || amount === undefined || amount === '') return '-';
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `${currency} ${text}`;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currency} ${grouped}.${(fraction + '00').slice(0, 2)}`;
}

/** "1200.000" -> "1,200"; "2.500" -> "2.5": the api keeps three decimals, a reader wants the figure. */
export function formatQuantity(quantity: string): string {
  const [whole = '', fraction = ''] = quantity.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kept ? `.${kept}` : ''}`;
}
