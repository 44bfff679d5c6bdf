// Times leave the api as ISO 8601 UTC text (`2026-03-02T01:00:00.000Z`), however the driver handed them over:
// pg gives a Date for timestamptz, text where the query casts or aggregates.

/** A database or event time as ISO 8601 UTC text. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** As `iso`, with no time staying null (a step not taken yet). */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}
