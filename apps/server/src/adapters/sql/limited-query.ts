import pg from 'pg';

interface PgConnection {
  sync(): void;
  flush(): void;
  execute(options: { portal: string; rows: number }): void;
}

/** pg's Query internals this class builds on (not in its types). */
interface QueryInternals {
  portal: string;
  handleDataRow(message: unknown): void;
}

/**
 * A query that keeps at most `limit` rows (extended protocol: Execute with a row count).
 * PostgreSQL suspends the portal when the count is reached even if no row is left, so one more
 * row is asked once: a row arriving means the result had more (`truncated`), and it is dropped,
 * not kept. Then the Sync ends the portal. The client never holds more than `limit` rows.
 */
export class LimitedQuery extends pg.Query {
  truncated = false;
  private read = 0;
  private probed = false;

  constructor(
    text: string,
    values: unknown[],
    private readonly limit: number,
  ) {
    super({ text, values, rows: limit, queryMode: 'extended' } as pg.QueryConfig);
  }

  handleDataRow(message: unknown) {
    if (this.read >= this.limit) {
      this.truncated = true;
      return;
    }
    this.read++;
    const base = pg.Query.prototype as unknown as QueryInternals;
    base.handleDataRow.call(this, message);
  }

  /** pg calls this when Execute stopped at the row count. */
  handlePortalSuspended(connection: PgConnection) {
    if (this.truncated || this.probed) return connection.sync();
    this.probed = true;
    connection.execute({ portal: (this as unknown as QueryInternals).portal, rows: 1 });
    connection.flush();
  }
}
