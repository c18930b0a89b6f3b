import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** PRODUCT.md's lifecycle of a code, from the package it is made in to the memorial it opens. */
export const qrStatuses = ['created', 'produced', 'in_stock', 'shipped', 'claimed', 'linked', 'void'] as const;
export type QrStatus = (typeof qrStatuses)[number];

export const qrCodes = pgTable(
  'qr_codes',
  {
    code: text('code').primaryKey(),
    status: text('status', { enum: qrStatuses }).notNull().default('created'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_codes_claimed_by_idx').on(t.claimedBy)],
);

/** Every step of a code's life, with who and when. */
export const qrCodeEvents = pgTable(
  'qr_code_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code')
      .notNull()
      .references(() => qrCodes.code, { onDelete: 'cascade' }),
    event: text('event', { enum: qrStatuses }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_code_events_code_idx').on(t.code)],
);
