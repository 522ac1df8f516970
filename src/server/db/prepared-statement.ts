import { sql } from 'drizzle-orm';
import type { Db } from './database';

type Execute = (values: Record<string, unknown>) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * A hand-written statement whose text never changes, prepared once per database handle (and
 * per transaction handed in as one) through Drizzle, so it is logged like any other query and
 * runs on a transaction's connection. On PostgreSQL it is a named statement: a connection
 * parses and plans it once. Its text numbers its parameters itself (`$1`, `$2`, … in the
 * order of `parameters`), so a value the text uses twice is still sent once.
 */
export function preparedStatement(
  name: string,
  text: string,
  parameters: readonly string[],
): (db: Db, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  const prepared = new WeakMap<Db, Execute>();
  const query = { sql: text, params: parameters.map((parameter) => sql.placeholder(parameter)) };
  return async (db, values) => {
    let execute = prepared.get(db);
    if (!execute) {
      // Without result fields Drizzle answers with the driver's own result ({ rows }) on both
      // drivers; Db's driver-neutral type does not say so.
      const statement = db._.session.prepareQuery(query, undefined, name, false);
      execute = (placeholderValues) => statement.execute(placeholderValues) as ReturnType<Execute>;
      prepared.set(db, execute);
    }
    return (await execute(values)).rows;
  };
}
