// The JSON query parameters of every list (react-admin's simple-rest form: ?filter={...}&range=[from,to]
// &sort=["field","ASC"]), read one way: a value that is not JSON, or a filter that is not a JSON object, is the
// same 400 `validationFailed` on every list, naming the parameter in the message and in `fields`.
import { ErrorCodes } from '@binaan/contracts';
import { refusal } from './refusal.js';

/** 400 `validationFailed` for one query parameter: "Check these fields: filter (must be a JSON object)." */
export function invalidParameter(name: string, problem: string) {
  return refusal(400, ErrorCodes.validationFailed, `Check these fields: ${name} (${problem}).`, { fields: { [name]: [problem] } });
}

/** The parameter's JSON value, or `fallback` when absent; a repeated parameter (an array) or text that is not JSON is refused. */
export function jsonParameter(name: string, raw: unknown, fallback: unknown): unknown {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string') throw invalidParameter(name, 'must be JSON');
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidParameter(name, 'must be JSON');
  }
}

/** `?filter=`: a JSON object (`{}` when absent); `null`, an array, a number or text is refused. */
export function listFilter(raw: unknown): Record<string, unknown> {
  const filter = jsonParameter('filter', raw, {});
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalidParameter('filter', 'must be a JSON object');
  return filter as Record<string, unknown>;
}
