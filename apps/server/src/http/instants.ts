// An instant as the API writes it: ISO 8601 in UTC ('2026-03-05T02:38:00.000Z'), from a Date or the text
// PostgreSQL and PGlite hand back for a timestamptz read through raw SQL. The one place answers make it.

/** The instant as ISO 8601 text. */
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The instant as ISO 8601 text, or null where there is none. */
export const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);
