import { z } from 'zod';

/** One environment variable, as the README table documents it. */
export interface ConfigVariable {
  name: string;
  default: string | null;
  description: string;
}

/** The values of a shape's variables once parsed: defaults filled, unset ones absent. */
export type ConfigEnv<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/**
 * A module's share of the environment: its variables in the README table's order, one zod
 * schema each whose refusal is a pt-BR phrase ("deve ser…"), and how its slice of the server's
 * settings is read from the parsed values.
 */
export interface ModuleConfig<Shape extends z.ZodRawShape = z.ZodRawShape, Settings = object> {
  variables: readonly ConfigVariable[];
  envShape: Shape;
  /**
   * Its settings; `parsed` holds every module's values (the cluster reads DATABASE_URL and
   * REDIS_URL), `cwd` resolves relative paths. Throws ConfigError when variables disagree.
   */
  read(parsed: ConfigEnv<Shape>, cwd: string): Settings;
}

/** A module's config, its settings typed from its own schemas. */
export function defineModuleConfig<Shape extends z.ZodRawShape, Settings>(
  config: ModuleConfig<Shape, Settings>,
): ModuleConfig<Shape, Settings> {
  return config;
}

type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Both,
) => void
  ? Both
  : never;

/** The settings of every module of a list, merged into one object. */
export type SettingsOf<List extends readonly ModuleConfig[]> = Intersection<
  ReturnType<List[number]['read']>
>;

/**
 * One configuration from the modules' own, in the list's order: their variables one after the
 * other, one schema, and their settings read in turn (so the first refusal is the first
 * module's). A variable without its schema, a schema without its variable, or a variable two
 * modules declare is a programming error, thrown here.
 */
export function composeModuleConfigs<const List extends readonly ModuleConfig[]>(list: List) {
  const variables = list.flatMap((module) => module.variables);
  const names = variables.map(({ name }) => name);
  const declaredTwice = names.filter((name, index) => names.indexOf(name) !== index);
  if (declaredTwice.length > 0) {
    throw new Error(`Variables declared by two modules: ${declaredTwice.join(', ')}`);
  }
  const envShape: z.ZodRawShape = Object.assign({}, ...list.map((module) => module.envShape));
  const withoutSchema = names.filter((name) => !(name in envShape));
  const withoutVariable = Object.keys(envShape).filter((name) => !names.includes(name));
  if (withoutSchema.length > 0 || withoutVariable.length > 0) {
    throw new Error(
      `Variables and schemas differ: ${[...withoutSchema, ...withoutVariable].join(', ')}`,
    );
  }
  return {
    variables,
    envSchema: z.object(envShape),
    read(parsed: ConfigEnv<z.ZodRawShape>, cwd: string): SettingsOf<List> {
      const settings = list.map((module: ModuleConfig) => module.read(parsed, cwd));
      return Object.assign({}, ...settings) as SettingsOf<List>;
    },
  };
}
