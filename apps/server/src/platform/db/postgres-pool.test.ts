import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';

/** The PostgreSQL server the `processes` project runs on, whatever TEST_DATABASE_URL says. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("the PostgreSQL pool's connections", () => {
  it('are handed out once they listen for catalogue changes: no query is sent beside a running one', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      handle = await openDatabase({ url: POSTGRES_URL, poolSize: 4 });
      // Four new connections at once, each asked a query the moment the pool hands it out.
      const answers = await Promise.all(Array.from({ length: 8 }, () => handle!.pool!.query('select 1 as one')));
      expect(answers.map((answer) => answer.rows[0])).toEqual(Array.from({ length: 8 }, () => ({ one: 1 })));
      // Node emits a warning on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  });
});
