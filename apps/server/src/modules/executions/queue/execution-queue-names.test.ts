import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The executions queue (this folder) and the workspaces' internal queues (`modules/queues/`)
 * share words and no code: each keeps its own names, so a reader (or a search) never takes one
 * for the other.
 */
const executionQueueDir = fileURLToPath(new URL('.', import.meta.url));
const messageQueuesDir = fileURLToPath(new URL('../../queues', import.meta.url));

const exportPattern =
  /^export (?:declare )?(?:async )?(?:function\*?|const|let|interface|type|class|enum) (\w+)/gm;

/** The names exported by the non-test sources of a folder and its subfolders. */
function exportedNames(dir: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) names.push(...exportedNames(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      for (const match of readFileSync(path, 'utf8').matchAll(exportPattern)) names.push(match[1]!);
  }
  return names;
}

describe('the names of the two queue systems', () => {
  const executions = exportedNames(executionQueueDir);
  const messages = exportedNames(messageQueuesDir);

  it('finds the exports of both folders', () => {
    expect(executions).toContain('ExecutionQueueDriver');
    expect(messages).toContain('MessageQueueDriver');
  });

  it('exports no name from both systems', () => {
    expect(executions.filter((name) => messages.includes(name))).toEqual([]);
  });

  it('says execution in every executions queue name about jobs, queues, consumers or drivers', () => {
    const generic = executions.filter(
      (name) => /job|queue|consumer|driver/i.test(name) && !/execution/i.test(name),
    );
    expect(generic).toEqual([]);
  });

  it('keeps messages out of the executions queue names, and executions out of the others', () => {
    expect(executions.filter((name) => /message/i.test(name))).toEqual([]);
    expect(messages.filter((name) => /execution/i.test(name))).toEqual([]);
  });
});
