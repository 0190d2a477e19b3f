// Statements whose text is built per call (a list's optional filters): each distinct text is prepared once.
import type { Sql, Statement } from './db.ts';

/**
 * A condition that one domain's store writes for another's statement, on a column of that statement holding the first
 * domain's ids (`on(column)`), with the named parameters it binds: so a filter by another domain's rows stays one
 * statement, whatever their number, without either store writing the other's SQL. Its parameter names must not clash
 * with the host statement's.
 */
export type IdCondition = { on(column: string): string; params: Record<string, unknown> };

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
