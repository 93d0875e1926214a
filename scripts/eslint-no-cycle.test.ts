import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint config (docs/adr/0086), run on small files written to a temporary
 * folder laid out like the repository: no import cycle in apps/ and packages/, type imports and
 * `@ponte/*` imports included; no file is exempt.
 */
const config = fileURLToPath(new URL('../eslint.config.js', import.meta.url));

const files: Record<string, string> = {
  'packages/p/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'packages/p/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'packages/p/src/type-a.ts': "import type { B } from './type-b';\nexport type A = { b?: B };\n",
  'packages/p/src/type-b.ts': "import type { A } from './type-a';\nexport type B = { a?: A };\n",
  'packages/p/src/one-way-a.ts': "import { c } from './one-way-b';\nexport const a = () => c;\n",
  'packages/p/src/one-way-b.ts': 'export const c = 1;\n',
  'packages/p/src/across.ts':
    "import { back } from '@ponte/q/back';\nexport const across = back;\n",
  'packages/q/src/back.ts':
    "import type { across } from '@ponte/p/across';\nexport const back = 1;\nexport type Across = typeof across;\n",
  'apps/server/src/app.ts': "import { part } from './app-parts';\nexport const app = part;\n",
  'apps/server/src/app-parts.ts': "import { app } from './app';\nexport const part = () => app;\n",
  'apps/server/src/modules/m/app.ts':
    "import { part } from './app-parts';\nexport const app = part;\n",
  'apps/server/src/modules/m/app-parts.ts':
    "import { app } from './app';\nexport const part = () => app;\n",
};

let root = '';
let cycles: Map<string, number>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ponte-no-cycle-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'node_modules', '@ponte'), { recursive: true });
  for (const name of ['p', 'q']) {
    const exports = { './*': './src/*.ts' };
    writeFileSync(
      join(root, 'packages', name, 'package.json'),
      JSON.stringify({ name: `@ponte/${name}`, type: 'module', exports }),
    );
    symlinkSync(join(root, 'packages', name), join(root, 'node_modules', '@ponte', name), 'dir');
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: config });
  const results = await eslint.lintFiles(Object.keys(files));
  cycles = new Map(
    results.map((result) => [
      result.filePath.slice(root.length + 1),
      result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').length,
    ]),
  );
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('import-x/no-cycle in the repository config', () => {
  it('reports two files that import each other', () => {
    expect(cycles.get('packages/p/src/a.ts')).toBe(1);
    expect(cycles.get('packages/p/src/b.ts')).toBe(1);
  });

  it('counts type imports: a cycle of types is a cycle', () => {
    expect(cycles.get('packages/p/src/type-a.ts')).toBe(1);
    expect(cycles.get('packages/p/src/type-b.ts')).toBe(1);
  });

  it('follows @ponte/* imports from one package to another', () => {
    expect(cycles.get('packages/p/src/across.ts')).toBe(1);
    expect(cycles.get('packages/q/src/back.ts')).toBe(1);
  });

  it('says nothing of an import that does not come back', () => {
    expect(cycles.get('packages/p/src/one-way-a.ts')).toBe(0);
    expect(cycles.get('packages/p/src/one-way-b.ts')).toBe(0);
  });

  it('exempts no file, the composition root included', () => {
    expect(cycles.get('apps/server/src/app.ts')).toBe(1);
    expect(cycles.get('apps/server/src/app-parts.ts')).toBe(1);
    expect(cycles.get('apps/server/src/modules/m/app.ts')).toBe(1);
    expect(cycles.get('apps/server/src/modules/m/app-parts.ts')).toBe(1);
  });
});
