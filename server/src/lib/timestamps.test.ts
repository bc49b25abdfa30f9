// The list's ISO timestamps are exactly what a Date would have become in JSON.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { timestamptzTextToIso } from './timestamps';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('timestamptzTextToIso', () => {
  it('gives what new Date(text).toISOString() gives, for every fraction length and offset', () => {
    const texts = [
      '2026-11-23 19:33:31.509553+00',
      '2026-11-23 19:33:31.5+00',
      '2026-11-23 19:33:31.05+00',
      '2026-11-23 19:33:31+00',
      '2026-11-23 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '2026-11-23 15:33:31.509553-04',
      '2026-11-23 19:33:31.509553+05:30',
      '1999-12-31 20:00:00-04:30',
    ];
    for (const text of texts) expect(timestamptzTextToIso(text), text).toBe(new Date(text).toISOString());
  });

  it('reads the database text of any instant, in UTC and in the business time zone', async () => {
    for (const zone of ['UTC', 'America/Caracas']) {
      // The session's zone changes the text, never the instant.
      const rows = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        return rowsOf<{ text: string }>(
          await tx.execute(sql`
            select (timestamptz '2026-01-01 00:00:00+00' + n * interval '7 hours 13 minutes 1.234567 seconds'
                    + (n % 7) * interval '1 microsecond')::text as text
            from generate_series(0, 400) n`),
        );
      });
      expect(rows.length).toBe(401);
      expect(rows[1].text.endsWith(zone === 'UTC' ? '+00' : '-04')).toBe(true);
      for (const { text } of rows) expect(timestamptzTextToIso(text), text).toBe(new Date(text).toISOString());
    }
  });
});
