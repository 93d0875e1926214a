import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { logs } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogWriter, type LogEntry } from './log-writer';

describeEachDriver('log writer', (driver) => {
  const t = useTestApp(driver);

  const line = (workspaceId: string, message: unknown, label = 'L'): LogEntry => ({
    workspaceId,
    flowId: 'flow',
    executionId: 'exec',
    type: 'user',
    label,
    message,
    createdAt: t.clock.now(),
  });

  const messagesOf = async (workspaceId: string) =>
    (
      await t.database.db
        .select({ message: logs.message, label: logs.label })
        .from(logs)
        .where(eq(logs.workspaceId, workspaceId))
        .orderBy(asc(logs.id))
    ).map((row) => row.message);

  it('stores a line with a lone surrogate or NUL as U+FFFD, and the other lines of its batch', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const errors: unknown[] = [];
    const writer = createLogWriter(t.database.db, {
      maxBatch: 100,
      onError: (error) => errors.push(error),
    });
    writer.write(line(a, 'antes \uD800 depois'));
    writer.write(line(a, { texto: 'fim \uDFFF' }));
    writer.write(line(b, 'linha de outro workspace'));
    writer.write(line(b, 'nulo \u0000 aqui', 'rótulo \uD83D'));
    writer.write(line(b, 'emoji inteiro 😀'));
    await writer.close();
    expect(errors).toEqual([]);
    expect(await messagesOf(a)).toEqual(['antes \uFFFD depois', '{"texto":"fim \\udfff"}']);
    expect(await messagesOf(b)).toEqual([
      'linha de outro workspace',
      'nulo \uFFFD aqui',
      'emoji inteiro 😀',
    ]);
  });

  it("keeps every other workspace's lines, and the other lines of its own, when one line cannot be stored", async () => {
    // A line the database refuses whatever its text: a constraint of the test's own.
    const refused = `recusada-${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      sql.raw(`alter table logs add constraint test_refused_${refused.slice(9)}
        check (label <> '${refused}')`),
    );
    const [a, b] = [randomUUID(), randomUUID()];
    const errors: [unknown, number | undefined][] = [];
    let written = 0;
    const writer = createLogWriter(t.database.db, {
      maxBatch: 100,
      onError: (error, dropped) => errors.push([error, dropped]),
      onWritten: (rows) => (written += rows),
    });
    writer.write(line(a, 'a1'));
    writer.write(line(a, 'segredo-do-log', refused));
    writer.write(line(b, 'b1'));
    writer.write(line(a, 'a2'));
    writer.write(line(b, 'b2'));
    await writer.close();
    expect(await messagesOf(b)).toEqual(['b1', 'b2']);
    expect(await messagesOf(a)).toEqual(['a1', 'a2']);
    expect(written).toBe(4);
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toBe(1);
  });
});
