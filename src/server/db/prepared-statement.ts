import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgliteBehind } from './database';
import type { Db } from './database';

type Row = Record<string, unknown>;
type Execute = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A hand-written statement whose text never changes, parsed and planned once per connection:
 * on PostgreSQL a named statement through Drizzle; on PGlite, whose `query()` parses and plans
 * its text every time, a named statement through PGlite's protocol. Its text numbers its
 * parameters itself (`$1`, `$2`, … in the order of `parameters`, each with a cast), so a value
 * the text uses twice is still sent once. Values are strings or null, the way the text's casts
 * read them. Rows come back with each driver's own value types (timestamps as strings from
 * node-postgres, as Dates from PGlite), which Drizzle's column mapping reads alike.
 */
export function preparedStatement(
  name: string,
  text: string,
  parameters: readonly string[],
): (db: Db, values: Record<string, string | null>) => Promise<Row[]> {
  const prepared = new WeakMap<Db, Execute>();
  const query = { sql: text, params: parameters.map((parameter) => sql.placeholder(parameter)) };
  return async (db, values) => {
    let execute = prepared.get(db);
    if (!execute) {
      const pglite = pgliteBehind(db);
      if (pglite) {
        const run = namedOnPglite(pglite.client, name, text);
        execute = (placeholderValues) => {
          pglite.queryLog.logQuery(text);
          return run(parameters.map((parameter) => placeholderValues[parameter] as string | null));
        };
      } else {
        // A transaction's handle, or PostgreSQL. Without result fields Drizzle answers with the
        // driver's own result ({ rows }) on both drivers; Db's type does not say so.
        const statement = db._.session.prepareQuery(query, undefined, name, false);
        execute = async (placeholderValues) =>
          ((await statement.execute(placeholderValues)) as { rows: Row[] }).rows;
      }
      prepared.set(db, execute);
    }
    return execute(values);
  };
}

const { serialize } = protocol;

/**
 * Runs a named statement the way PGlite's own `query()` runs a text one: after any transaction
 * in progress (its transaction lock), alone (its query lock), one Sync ending the messages, and
 * the files synced outside a transaction. The statement is parsed on first use; one message
 * buffer then binds, describes, executes and syncs, so a failed execution leaves the
 * connection ready for the next query.
 */
function namedOnPglite(client: PGlite, name: string, text: string) {
  let parsed = false;
  return (values: (string | null)[]): Promise<Row[]> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!parsed) {
          await client.execProtocolStream(
            concat([serialize.parse({ name, text }), serialize.sync()]),
            { syncToFs: false },
          );
          parsed = true;
        }
        const messages = await client.execProtocolStream(
          concat([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        if (!client.isInTransaction()) await client.syncToFs();
        return parse.parseResults(messages, client.parsers)[0]?.rows as Row[];
      }),
    );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}
