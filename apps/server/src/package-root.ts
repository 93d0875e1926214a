import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageName = '@ponte/server';

/**
 * The folder holding this package's package.json, found by walking up from this module. It
 * works from src/ (tsx, vitest) and from the bundle in dist/ alike.
 */
export function findPackageRoot(fromUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === packageName) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Não foi possível localizar o pacote ${packageName} a partir de ${fromUrl}.`);
    }
    dir = parent;
  }
}

export const serverRoot = findPackageRoot();
export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDist = join(serverRoot, '..', 'web', 'dist');
