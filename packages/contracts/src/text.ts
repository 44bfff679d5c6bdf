// A value of unknown type as text, for a log line, a form field or a stored reason: a string as it is, a number
// or boolean written out, nothing for null or undefined, and JSON for anything else (never "[object Object]",
// which String() makes of an object: ESLint's no-base-to-string).
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value) ?? '';
}
