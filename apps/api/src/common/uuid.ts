/** A UUID as this platform writes them (lower-case hex, any version): anything else names none of its ids. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` can be one of our ids: checked before a store or SQL read, so a bad one is a plain 404. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
