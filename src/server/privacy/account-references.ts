/**
 * Every column of every table that points at an account (a foreign key to users.id), read from the
 * schema rather than listed by hand: the data download reads a person's rows by them
 * (personal-data.ts), and an account's deletion lets go of them as their foreign keys say
 * (account-deletion.ts). A table added next year is in both without anyone remembering it there.
 */
import { getTableColumns, is } from 'drizzle-orm';
import { type PgColumn, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { users } from '../db/schema';

export interface AccountReference {
  table: PgTable;
  column: PgColumn;
  /** The column's key in the table's drizzle object, for an update's set(). */
  key: string;
  onDelete: 'cascade' | 'restrict' | 'no action' | 'set null' | 'set default' | undefined;
}

export const ACCOUNT_REFERENCES: AccountReference[] = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) =>
    getTableConfig(table)
      .foreignKeys.map((key) => ({ reference: key.reference(), onDelete: key.onDelete }))
      .filter(({ reference }) => reference.foreignTable === users && reference.columns.length === 1)
      .map(({ reference, onDelete }) => {
        const column = reference.columns[0]!;
        const [key] = Object.entries(getTableColumns(table)).find(([, each]) => each === column)!;
        return { table, column, key, onDelete };
      }),
  );
