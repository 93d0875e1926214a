import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { evaluate, ExpressionLimitError } from './expressions';
import { resolveParams } from './resolve-params';

const data = (payload: unknown = {}) => ({ msg: { payload }, flow: {}, vars: {} });

/** Two million steps of `$map`, in lists small enough for the size limits: only time stops it. */
const twoMillionSteps =
  '$count($map([1..2000], function($a) { $sum($map([1..1000], function($b) { $a * $b })) }))';

async function limitOf(expression: string, payload?: unknown): Promise<string> {
  const error: unknown = await evaluate(expression, data(payload)).then(
    () => 'terminou sem erro',
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ExpressionLimitError);
  return (error as ExpressionLimitError).kind;
}

describe('expression limits', () => {
  it('stops a long expression at its time budget and lets timers run meanwhile', async () => {
    // An interval of 1 ms counts its ticks while the expression runs.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const kind = await limitOf(twoMillionSteps);
    clearInterval(timer);

    expect(kind).toBe('time');
    // Without turns given to the event loop the interval would not tick until the end: once,
    // after the whole evaluation. With them, it ticks all along.
    expect(ticks).toBeGreaterThan(10);
  });

  it('names the param and the limit in pt-BR', async () => {
    const specs: Record<string, ParamSpec> = { url: { type: 'text', label: 'URL' } };
    await expect(
      resolveParams(specs, { url: `https://exemplo.com/{{ ${twoMillionSteps} }}` }, data()),
    ).rejects.toThrow('A expressão do parâmetro "url" excedeu o tempo limite de 1 s.');
    await expect(
      resolveParams(specs, { url: '{{ $map([1..2000000], function($v) { $v * 2 }) }}' }, data()),
    ).rejects.toThrow(
      'A expressão do parâmetro "url" excedeu o limite de 1.000.000 de itens em uma lista.',
    );
  });

  it('refuses lists over a million items at once', async () => {
    expect(await limitOf('$map([1..2000000], function($v) { $v * 2 })')).toBe('items');
    expect(await limitOf('$count(msg.payload.a.b)', { a: Array(1_000_001).fill({ b: 1 }) })).toBe(
      'items',
    );
  });

  it('stops runaway recursion at its depth', async () => {
    const countdown = '( $f := function($n) { $n = 0 ? 0 : 1 + $f($n - 1) }; $f(%) )';
    expect(await evaluate(countdown.replace('%', '20'), data())).toBe(20);
    expect(await limitOf(countdown.replace('%', '100000'))).toBe('depth');
  });

  it('stops an expression that builds too much data, however small each piece', async () => {
    expect(await limitOf('[1..1000].{ "a": [1..1000].{ "b": [1..1000] } }')).toBe('memory');
    expect(await limitOf('$reduce([1..40], function($s, $i) { $s & $s }, "ab")')).toBe('memory');
  });

  it('refuses widths that would take the whole process memory in one call', async () => {
    expect(await limitOf('$length($pad("x", 400000000))')).toBe('width');
    expect(await limitOf('$fromMillis(0, "[Y,400000000]")')).toBe('width');
    expect(await limitOf('$now("[Y,*-400000000]")')).toBe('width');
    expect(await evaluate('$pad("7", -3, "0")', data())).toBe('007');
    expect(await evaluate('$fromMillis(0, "[Y0001]-[M01]-[D01]")', data())).toBe('1970-01-01');
    expect(await evaluate('$fromMillis(0, "[D,2] [MNn]")', data())).toBe('01 January');
    expect(await evaluate('$now() = $now()', data())).toBe(true);
    expect(await evaluate('( $millis := function() { 0 }; $now() = $now() )', data())).toBe(true);
  });

  it('keeps the budgets of concurrent evaluations of one expression apart', async () => {
    const expression = '$count($map([1..msg.payload], function($v) { $v }))';
    const [small, big] = await Promise.allSettled([
      evaluate(expression, data(10)),
      evaluate(expression, data(2_000_000)),
    ]);
    expect(small).toEqual({ status: 'fulfilled', value: 10 });
    expect(big.status === 'rejected' && (big.reason as ExpressionLimitError).kind).toBe('items');
  });
});
