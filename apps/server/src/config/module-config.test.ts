import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { composeModuleConfigs, defineModuleConfig } from './module-config';

const variable = (name: string) => ({ name, default: null, description: `${name}.` });

const first = defineModuleConfig({
  variables: [variable('A_COUNT'), variable('A_NAME')],
  envShape: { A_COUNT: z.string().transform(Number).default(1), A_NAME: z.string().optional() },
  read: (parsed) => {
    if (parsed.A_NAME === 'recusado') throw new Error('first refuses');
    return { count: parsed.A_COUNT, name: parsed.A_NAME ?? null };
  },
});

const second = defineModuleConfig({
  variables: [variable('B_DIR')],
  envShape: { B_DIR: z.string().default('dados') },
  read: (parsed, cwd) => {
    if (parsed.B_DIR === 'recusado') throw new Error('second refuses');
    return { dir: `${cwd}/${parsed.B_DIR}` };
  },
});

describe('composeModuleConfigs', () => {
  it("lists the modules' variables in the list's order and reads every module's settings", () => {
    const composed = composeModuleConfigs([first, second]);
    expect(composed.variables.map(({ name }) => name)).toEqual(['A_COUNT', 'A_NAME', 'B_DIR']);
    const parsed = composed.envSchema.parse({ A_COUNT: '3' });
    expect(composed.read(parsed, '/srv')).toEqual({ count: 3, name: null, dir: '/srv/dados' });
  });

  it('reads the modules in order, so the first refusal is the first module’s', () => {
    const composed = composeModuleConfigs([second, first]);
    const parsed = composed.envSchema.parse({ A_NAME: 'recusado', B_DIR: 'recusado' });
    expect(() => composed.read(parsed, '/srv')).toThrow('second refuses');
  });

  it('refuses a variable two modules declare', () => {
    expect(() => composeModuleConfigs([first, second, first])).toThrow(
      'Variables declared by two modules: A_COUNT, A_NAME',
    );
  });

  it('refuses a variable without its schema and a schema without its variable', () => {
    const unlisted = defineModuleConfig({
      variables: [variable('C_LISTED')],
      envShape: { C_UNLISTED: z.string().optional() },
      read: () => ({}),
    });
    expect(() => composeModuleConfigs([first, unlisted])).toThrow(
      'Variables and schemas differ: C_LISTED, C_UNLISTED',
    );
  });
});
