import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` and `updated_at` columns most tables carry. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};
