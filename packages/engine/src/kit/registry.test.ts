import { describe, expect, it } from 'vitest';
import { unavailableNodes } from '@ponte/shared/flow/node-availability';
import { defineNode } from './define-node';
import { createRegistry } from './registry';

const version = (n: number) =>
  defineNode({
    type: 'core_exemplo',
    version: n,
    category: 'action',
    label: `Exemplo v${n}`,
    description: 'Exemplo.',
    icon: 'box',
    params: {},
    outputs: { default: { label: 'Saída' } },
    async run({ input }) {
      return { output: 'default', msg: { ...input, versao: n } };
    },
  });

describe('node registry', () => {
  it('runs the newest version by default and keeps old versions runnable', () => {
    const registry = createRegistry([version(1), version(2)]);
    expect(registry.get('core_exemplo')?.manifest.version).toBe(2);
    expect(registry.get('core_exemplo', 1)?.manifest.label).toBe('Exemplo v1');
    expect(registry.manifests().map((m) => `${m.type}@${m.version}`)).toEqual(['core_exemplo@2']);
  });

  it('lists the versions below the newest for panels of pinned nodes', () => {
    const registry = createRegistry([version(1), version(2), version(3)]);
    expect(registry.olderManifests().map((m) => m.version)).toEqual([1, 2]);
    expect(registry.manifest('core_exemplo', 3)?.label).toBe('Exemplo v3');
  });

  it('marks a node whose area does not exist yet, with the reason', () => {
    const area = defineNode({
      type: 'test_sem_area',
      version: 1,
      category: 'trigger',
      label: 'Sem área',
      description: 'Exemplo.',
      icon: 'stack',
      params: {},
      outputs: { default: { label: 'Saída' } },
      async run({ input }) {
        return { output: 'default', msg: input };
      },
    });
    const unavailable = unavailableNodes as Record<string, string>;
    unavailable.test_sem_area = 'Disponível quando a área de teste existir.';
    try {
      const registry = createRegistry([area, version(1)]);
      expect(registry.manifest('test_sem_area')).toMatchObject({
        available: false,
        unavailableReason: 'Disponível quando a área de teste existir.',
      });
      expect(registry.manifest('core_exemplo')).not.toHaveProperty('available');
    } finally {
      delete unavailable.test_sem_area;
    }
  });

  it('serves manifests without the run function', () => {
    const [manifest] = createRegistry([version(1)]).manifests();
    expect(manifest).not.toHaveProperty('run');
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });

  it('refuses the same type and version twice', () => {
    expect(() => createRegistry([version(1), version(1)])).toThrow('core_exemplo@1');
  });
});
