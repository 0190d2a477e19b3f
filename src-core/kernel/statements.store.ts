// Statements whose text is built per call (a list's optional filters): each distinct text is prepared once.
import type { Sql, Statement } from './db.ts';

/**
 * Preparing costs more than most queries run (parsing and planning, ~20–40 µs): a list answered with a
 * page and a count paid it twice per request. The texts vary only with which filters are present (values
 * are bound), so there are few; the oldest is dropped past `max`.
 */
export function statementCache(sql: Sql, max = 64): (text: string) => Statement {
  const statements = new Map<string, Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = sql.prepare(text);
      if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
    }
    return statement;
  };
}

/** A LIKE pattern (with `ESCAPE '\\'`) matching text that contains `term` as written: its `%`, `_` and `\\` are literal. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
