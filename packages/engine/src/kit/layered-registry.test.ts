import { describe, expect, it } from 'vitest';
import { customNodeDefinition } from '../custom/custom-node';
import { storedConnector } from '../custom/testing';
import { defineNode } from './define-node';
import { withNodes } from './layered-registry';
import { createRegistry } from './registry';

const builtin = defineNode({
  type: 'core_tag',
  version: 1,
  category: 'action',
  label: 'Marcar',
  description: 'Marca a mensagem.',
  icon: 'tag',
  params: {},
  outputs: { default: { label: 'Saída' } },
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});

describe('withNodes', () => {
  it('adds the node types of one execution on top, leaving the base untouched', () => {
    const base = createRegistry([builtin]);
    const v1 = customNodeDefinition(storedConnector());
    const v2 = customNodeDefinition(storedConnector({ version: 2 }));
    const layered = withNodes(base, [v1, v2]);
    expect(layered.get('core_tag')).toBe(builtin);
    expect(layered.get('custom_c1', 1)).toBe(v1);
    expect(layered.get('custom_c1', 2)).toBe(v2);
    expect(layered.get('custom_c1')).toBe(v2);
    expect(layered.manifests().map((manifest) => manifest.type)).toEqual(['core_tag', 'custom_c1']);
    expect(base.get('custom_c1')).toBeUndefined();
    expect(base.manifests().map((manifest) => manifest.type)).toEqual(['core_tag']);
  });

  it('gives the base itself when there is nothing to add', () => {
    const base = createRegistry([builtin]);
    expect(withNodes(base, [])).toBe(base);
  });

  it('never falls back to the base for a type the overlay holds', () => {
    const shadow = { ...builtin, manifest: { ...builtin.manifest, version: 2 } };
    const layered = withNodes(createRegistry([builtin]), [shadow]);
    expect(layered.get('core_tag', 1)).toBeUndefined();
    expect(layered.get('core_tag', 2)).toBe(shadow);
  });
});
