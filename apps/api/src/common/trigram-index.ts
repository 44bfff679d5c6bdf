// A trigram index (pg_trgm) for a list's text search, made in a projection's setup SQL. pg_trgm ships with
// PostgreSQL's contrib and with PGlite; it goes in public when it may (so one database's schemas share it), else
// in the current schema. Where it cannot be had, no index is made: the search scans instead, slower on a rare
// word, still correct. (The documents' search indexes are made the same way: documents/document-list-indexes.ts.)

/** `expression` is SQL over the table's columns (e.g. `name || ' ' || email`); `where` makes it partial. */
export function trigramIndexSql(name: string, table: string, expression: string, where?: string): string {
  const tag = `$trgm_${name}$`;
  return `DO ${tag}
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF s IS NULL THEN
    BEGIN
      CREATE EXTENSION pg_trgm SCHEMA public;
    EXCEPTION WHEN others THEN
      BEGIN
        CREATE EXTENSION pg_trgm;
      EXCEPTION WHEN others THEN
        NULL;
      END;
    END;
    SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  END IF;
  IF s IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING gin ((${expression.replace(/'/g, "''")}) %I.gin_trgm_ops)${where ? ` WHERE ${where.replace(/'/g, "''")}` : ''}', s);
  END IF;
END
${tag};`;
}
