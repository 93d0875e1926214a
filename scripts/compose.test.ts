import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables } from '../apps/server/src/config';

/**
 * compose.yaml and the Dockerfile cannot run here (no registry of images, no Docker daemon):
 * their structure is checked instead, and every Ponte variable they set must be one the server
 * reads, so renaming a variable breaks this test until the files follow.
 */

const root = join(import.meta.dirname, '..');
const serverVariables = new Set(configVariables.map(({ name }) => name));

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

function servicesOf(profile: string): string[] {
  return Object.entries(compose.services)
    .filter(([, service]) => service.profiles?.includes(profile))
    .map(([name]) => name)
    .sort();
}

/** The services that run Ponte's image. */
const ponteServices = Object.entries(compose.services).filter(([, service]) => service.build);

describe('compose.yaml', () => {
  it('has the embedded profile: one Ponte service with its data on a volume', () => {
    expect(servicesOf('embedded')).toEqual(['ponte']);
    const ponte = compose.services.ponte!;
    expect(ponte.volumes).toEqual(['ponte-data:/data']);
    expect(ponte.environment?.PONTE_DATA_DIR).toBe('/data');
    expect(ponte.environment?.DATABASE_URL).toBeUndefined();
    expect(ponte.ports).toEqual(['${PONTE_PORT:-3000}:3000']);
    expect(Object.keys(compose.volumes)).toContain('ponte-data');
  });

  it('has the scaled profile: PostgreSQL, Redis, one api and two workers', () => {
    expect(servicesOf('scaled')).toEqual(['api', 'postgres', 'redis', 'worker-1', 'worker-2']);
    const role = (name: string) => compose.services[name]!.environment?.PONTE_ROLE;
    expect([role('api'), role('worker-1'), role('worker-2')]).toEqual(['api', 'worker', 'worker']);
    for (const name of ['api', 'worker-1', 'worker-2']) {
      const environment = compose.services[name]!.environment!;
      expect(environment.DATABASE_URL, name).toMatch(
        /^postgres:\/\/ponte:.*@postgres:5432\/ponte$/,
      );
      expect(environment.REDIS_URL, name).toBe('redis://redis:6379');
      // Every process must decipher the same secrets.
      expect(environment.PONTE_ENCRYPTION_KEY, name).toMatch(/^\$\{PONTE_ENCRYPTION_KEY:\?/);
    }
  });

  it('runs Redis without eviction and with the append-only file', () => {
    const command = compose.services.redis!.command!.join(' ');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(command).toContain('--appendonly yes');
    expect(compose.services.redis!.volumes).toEqual(['redis-data:/data']);
  });

  it('starts each service after what it needs is healthy', () => {
    for (const name of ['postgres', 'redis'])
      expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(1);
    const healthy = { condition: 'service_healthy' };
    expect(compose.services.api!.depends_on).toEqual({ postgres: healthy, redis: healthy });
    for (const name of ['worker-1', 'worker-2']) {
      expect(compose.services[name]!.depends_on, name).toEqual({
        postgres: healthy,
        redis: healthy,
        api: healthy,
      });
    }
  });

  it('sets only variables the server reads', () => {
    const unknown = ponteServices.flatMap(([name, service]) =>
      Object.keys(service.environment ?? {})
        .filter((variable) => !serverVariables.has(variable))
        .map((variable) => `${name}: ${variable}`),
    );
    expect(unknown).toEqual([]);
    expect(ponteServices.map(([name]) => name).sort()).toEqual([
      'api',
      'ponte',
      'worker-1',
      'worker-2',
    ]);
  });
});

describe('Dockerfile', () => {
  it('builds on NODE_IMAGE, the official Node 20 image by default, and runs without root', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile.match(/^FROM \$\{NODE_IMAGE\} AS \w+$/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER ponte$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "-s", "--"\]$/m);
  });

  it('sets only variables the server reads', () => {
    const block = /^ENV ((?:.*\\\n)*.*)$/gm;
    const names = [...dockerfile.matchAll(block)].flatMap((match) =>
      match[1]!.split(/\s+/).flatMap((part) => /^([A-Za-z_]+)=/.exec(part)?.[1] ?? []),
    );
    const runtime = names.filter((name) => !/^(npm_config_|NODE_ENV$)/.test(name));
    expect(runtime.sort()).toEqual(['HOST', 'PONTE_DATA_DIR', 'PORT']);
    expect(runtime.filter((name) => !serverVariables.has(name))).toEqual([]);
  });
});
