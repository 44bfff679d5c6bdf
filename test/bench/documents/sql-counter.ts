// Counts the SQL round trips the API makes (BEGIN and COMMIT included), by wrapping the one database
// object the store and the read models share: the bench prints round trips per request beside the times.
import type { SqlDatabase, SqlExecutor } from '@binaan/event-store';

export type SqlCounter = {
  count: number;
  texts: Map<string, number>;
  reset(): void;
  /**
   * Resolves (with the milliseconds waited) once at most 10 statements a second were sent over the last
   * `quietMs` (a caught-up subscription still polls now and then), or after `maxMs`.
   */
  quiet(quietMs: number, maxMs: number): Promise<number>;
};

export function countSql(db: SqlDatabase, keepTexts = false): SqlCounter {
  let total = 0;
  const counter: SqlCounter = {
    count: 0,
    texts: new Map(),
    reset: () => ((counter.count = 0), counter.texts.clear()),
    quiet: async (quietMs, maxMs) => {
      const started = Date.now();
      for (;;) {
        const before = total;
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        if (total - before <= (10 * quietMs) / 1000 || Date.now() - started >= maxMs) return Date.now() - started;
      }
    },
  };
  const note = (text: string) => {
    total++;
    counter.count++;
    if (keepTexts) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
      counter.texts.set(key, (counter.texts.get(key) ?? 0) + 1);
    }
  };
  const wrap = (executor: SqlExecutor): SqlExecutor => ({
    query: (text, params, options) => (note(text), executor.query(text, params, options)),
    script: (text) => (note(text), executor.script(text)),
  });
  const query = db.query.bind(db);
  const script = db.script.bind(db);
  const transaction = db.transaction.bind(db);
  // Typed here, not inferred: lint and the bench's own tsconfig disagree on what Object.assign infers.
  const counted: Pick<SqlDatabase, 'query' | 'script' | 'transaction'> = {
    query: (text, params, options) => (note(text), query(text, params, options)),
    script: (text) => (note(text), script(text)),
    transaction: (work) => (note('BEGIN'), transaction((tx) => work(wrap(tx))).finally(() => note('COMMIT'))),
  };
  Object.assign(db, counted);
  return counter;
}
