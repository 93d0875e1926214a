/**
 * What one `{{ }}` expression may spend (ADR 0018). The numbers are per evaluation of one
 * expression; a param holding several expressions gives each its own budget.
 */
export const expressionLimits = {
  /** Time the expression holds the event loop, summed over its slices (ms). */
  timeMs: 1000,
  /** After this long without a break (ms), the evaluation lets the event loop take a turn. */
  sliceMs: 10,
  /** Nested evaluation depth (recursive functions, deeply nested sub-expressions). */
  depth: 500,
  /** Items in one list (JSONata sequence, range or array result). */
  items: 1_000_000,
  /** Data built by operators, constructors and function calls: 1 per character, 8 per item. */
  createdBytes: 64 * 1024 * 1024,
  /** Width asked of `$pad` or of a date picture's width modifier (`[Y,4]`). */
  width: 100_000,
};

export class ExpressionError extends Error {
  /** True when the expression could not be read (parsed) at all, whatever the data. */
  readonly unreadable: boolean;

  constructor(message: string, options: { unreadable?: boolean } = {}) {
    super(message);
    this.name = 'ExpressionError';
    this.unreadable = options.unreadable ?? false;
  }
}

export type LimitKind = 'time' | 'depth' | 'items' | 'memory' | 'width';

const number = (value: number) => value.toLocaleString('pt-BR');

const reasons: Record<LimitKind, () => string> = {
  time: () => `excedeu o tempo limite de ${number(expressionLimits.timeMs / 1000)} s`,
  depth: () => `excedeu o limite de ${number(expressionLimits.depth)} níveis de aninhamento`,
  items: () => `excedeu o limite de ${number(expressionLimits.items)} de itens em uma lista`,
  memory: () =>
    `excedeu o limite de ${number(expressionLimits.createdBytes / 1024 / 1024)} MB de dados criados`,
  width: () => `excedeu a largura máxima de ${number(expressionLimits.width)} caracteres`,
};

/** An expression went over one of its limits. The node fails with `forParam(name)`. */
export class ExpressionLimitError extends ExpressionError {
  constructor(readonly kind: LimitKind) {
    super(`A expressão ${reasons[kind]()}.`);
    this.name = 'ExpressionLimitError';
  }

  /** `A expressão do parâmetro "url" excedeu o tempo limite de 1 s.` */
  forParam(param: string): string {
    return `A expressão do parâmetro "${param}" ${reasons[this.kind]()}.`;
  }
}
