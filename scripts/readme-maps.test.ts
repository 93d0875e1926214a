import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The READMEs' maps match the tree: every server module, every web feature and every engine
 * port has one line in its README, and no line names one that is gone. A map is the section
 * `## <heading>` of a README; each of its entries is a line `- \`name\` — what it is` (a line
 * may wrap onto indented lines below it).
 */

const root = join(import.meta.dirname, '..');

interface MapCheck {
  /** Names of the tree the map has no line for. */
  missing: string[];
  /** Names the map has a line for and the tree no longer holds. */
  stale: string[];
  /** Lines that start like an entry but are not `- \`name\` — text`. */
  malformed: string[];
  /** Names with more than one line. */
  duplicated: string[];
}

/** The lines of `## heading` up to the next heading of that level or above, or null. */
function mapSection(readme: string, heading: string): string[] | null {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return null;
  const end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line));
  return lines.slice(start + 1, end === -1 ? lines.length : end);
}

/** Compares the entries of a map section with the names the tree holds. */
function checkMap(section: string[], names: string[]): MapCheck {
  const entryStart = /^- `([^`]+)`/;
  const entry = /^- `[^`]+` — \S/;
  const listed: string[] = [];
  const malformed: string[] = [];
  for (const line of section) {
    const name = entryStart.exec(line)?.[1];
    if (name === undefined) continue;
    if (!entry.test(line)) malformed.push(line);
    listed.push(name);
  }
  return {
    missing: names.filter((name) => !listed.includes(name)).sort(),
    stale: [...new Set(listed.filter((name) => !names.includes(name)))].sort(),
    malformed,
    duplicated: [...new Set(listed.filter((name, index) => listed.indexOf(name) !== index))],
  };
}

/**
 * The folders directly inside `dir` (relative to the repository root). An empty one is left
 * out: git keeps none, so it is only a leftover of a move in a working copy.
 */
function folders(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((item) => item.isDirectory() && !item.name.startsWith('.'))
    .map((item) => item.name)
    .filter((name) => readdirSync(join(root, dir, name)).length > 0);
}

/** The members of the type `name` that `file` exports, as the compiler reads them. */
function exportedMembers(file: string, name: string): string[] {
  const program = ts.createProgram([file], { noLib: true, noResolve: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  const type = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  if (!type) throw new Error(`${file} não exporta ${name}.`);
  return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(type)).map((p) => p.name);
}

const maps = [
  {
    readme: 'apps/server/README.md',
    heading: 'Modules',
    what: 'folder of apps/server/src/modules/',
    names: () => folders('apps/server/src/modules'),
  },
  {
    readme: 'apps/web/README.md',
    heading: 'Features',
    what: 'folder of apps/web/src/features/',
    names: () => folders('apps/web/src/features'),
  },
  {
    readme: 'packages/engine/README.md',
    heading: 'Ports',
    what: 'member of EnginePorts (packages/engine/src/ports.ts)',
    names: () => exportedMembers(join(root, 'packages/engine/src/ports.ts'), 'EnginePorts'),
  },
];

describe('README maps', () => {
  for (const map of maps) {
    it(`${map.readme} lists every ${map.what} under "## ${map.heading}"`, () => {
      const section = mapSection(readFileSync(join(root, map.readme), 'utf8'), map.heading);
      expect(section, `${map.readme} has no "## ${map.heading}" section`).not.toBeNull();
      const names = map.names();
      expect(names.length).toBeGreaterThan(0);
      expect(
        checkMap(section!, names),
        `each ${map.what} needs one line "- \`name\` — what it is" under "## ${map.heading}" of ${map.readme}, and only those`,
      ).toEqual({ missing: [], stale: [], malformed: [], duplicated: [] });
    });
  }
});

describe('checkMap', () => {
  const section = mapSection(
    [
      '# pkg',
      '## Modules',
      '',
      '- `alpha` — does a',
      '  and goes on here',
      '- `gone` — was removed',
      '- `beta`: no dash',
      '- `alpha` — again',
      '## Next',
      '- `outside` — not in the map',
    ].join('\n'),
    'Modules',
  );

  it('reads the section up to the next heading', () => {
    expect(section).toHaveLength(6);
    expect(mapSection('# pkg\n## Other\n', 'Modules')).toBeNull();
  });

  it('names the missing, the stale, the malformed and the duplicated lines', () => {
    expect(checkMap(section!, ['alpha', 'beta', 'gamma'])).toEqual({
      missing: ['gamma'],
      stale: ['gone'],
      malformed: ['- `beta`: no dash'],
      duplicated: ['alpha'],
    });
  });
});

describe('exportedMembers', () => {
  it('reads properties, methods and inherited members of an exported interface', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ponte-maps-'));
    try {
      const file = join(dir, 'ports.ts');
      writeFileSync(
        file,
        [
          "import type { Outside } from './outside';",
          'interface Base { clock: Outside }',
          'export interface Ports extends Base { http: Outside; newId(): string }',
        ].join('\n'),
      );
      expect(exportedMembers(file, 'Ports').sort()).toEqual(['clock', 'http', 'newId']);
      expect(() => exportedMembers(file, 'Missing')).toThrow('não exporta Missing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
