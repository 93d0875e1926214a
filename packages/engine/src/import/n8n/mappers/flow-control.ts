import { conditionJsonata, filterJsonata, ifV1Jsonata, v1Operations } from '../conditions';
import type { MapContext, Mapped, N8nParams } from '../n8n-workflow';
import { passThrough } from './pass-through';

/** n8n's IF, Switch, Merge, Loop, Wait and No Operation as Ponte's (ADR 0135). */

export const ifNode = (context: MapContext): Mapped => {
  const expression =
    (context.node.typeVersion ?? 1) >= 2
      ? filterJsonata(context.params.conditions, context.expressions)
      : ifV1Jsonata(context.params, context.expressions);
  return { type: 'core_condition', params: { expression }, outputs: [['true'], ['false']] };
};

/** Switch v3's rule name: its renamed output, else `saida_N`. */
const ruleOutput = (rule: N8nParams, index: number) =>
  rule.renameOutput && typeof rule.outputKey === 'string' && rule.outputKey.trim()
    ? rule.outputKey.trim()
    : `saida_${index}`;

function switchV3(context: MapContext): Mapped {
  const rules: N8nParams[] = context.params.rules?.values ?? [];
  const options = context.params.options ?? {};
  if (options.allMatchingOutputs)
    context.note(
      '"Enviar para todas as saídas que combinam": o Switch do Ponte segue só pela primeira regra verdadeira.',
    );
  const names = rules.map(ruleOutput);
  const table = rules.map((rule, index) => ({
    output: names[index],
    condition: filterJsonata(rule.conditions, context.expressions),
  }));
  const outputs = names.map((name) => [name]);
  const fallback = options.fallbackOutput;
  if (fallback === 'extra') outputs.push(['default']);
  else if (typeof fallback === 'number' && outputs[fallback]) outputs[fallback]!.push('default');
  return { type: 'core_switch', params: { rules: table }, outputs };
}

function switchRulesV1(context: MapContext): Mapped {
  const p = context.params;
  const type = String(p.dataType ?? 'number');
  const rules: N8nParams[] = p.rules?.rules ?? [];
  const outputs: string[][] = [];
  const table = rules.map((rule, index) => {
    const output = Number.isInteger(rule.output) ? rule.output : index;
    outputs[output] ??= [];
    const name = `saida_${output}`;
    if (!outputs[output]!.includes(name)) outputs[output]!.push(name);
    const operation = rule.operation ?? 'equal';
    return {
      output: name,
      condition: conditionJsonata(
        {
          left: p.value1,
          right: rule.value2,
          type,
          operation: v1Operations[operation] ?? operation,
          caseSensitive: true,
        },
        context.expressions,
      ),
    };
  });
  const fallback = Number(p.fallbackOutput ?? -1);
  if (fallback >= 0) (outputs[fallback] ??= []).push('default');
  for (let index = 0; index < outputs.length; index++) outputs[index] ??= [];
  return { type: 'core_switch', params: { rules: table }, outputs };
}

/** Expression mode: the expression gives the output's index. */
function switchExpression(context: MapContext): Mapped {
  const p = context.params;
  const count = Number(p.numberOutputs ?? p.outputsAmount ?? 4);
  const index = (context.value(p.output ?? '') as string).replace(
    /^\{\{\s*([\s\S]*?)\s*\}\}$/,
    '$1',
  );
  const names = Array.from({ length: count }, (_, i) => `saida_${i}`);
  return {
    type: 'core_switch',
    params: { rules: names.map((output, i) => ({ output, condition: `(${index}) = ${i}` })) },
    outputs: names.map((name) => [name]),
  };
}

export const switchNode = (context: MapContext): Mapped => {
  if (context.params.mode === 'expression') return switchExpression(context);
  return (context.node.typeVersion ?? 1) >= 3 ? switchV3(context) : switchRulesV1(context);
};

/** Merge modes `core_merge` can give, by n8n mode (v1 names and v2+ names). */
export const mergeNode = (context: MapContext): Mapped => {
  const p = context.params;
  const mode = String(p.mode ?? 'append');
  const combineBy = String(p.combineBy ?? p.combinationMode ?? 'combineByFields');
  const merged = (mode: 'array' | 'object', note: string): Mapped => {
    context.note(note);
    return { type: 'core_merge', params: { mode }, outputs: [['default']] };
  };
  // The items of input 1, then those of input 2: the Unir's 'concat' gives the same list.
  if (mode === 'append')
    return { type: 'core_merge', params: { mode: 'concat' }, outputs: [['default']] };
  if (mode === 'wait')
    return merged(
      'array',
      'As entradas viram uma lista com o payload de cada uma (na ordem das entradas); o n8n mandava um item vazio.',
    );
  const byPosition =
    mode === 'mergeByIndex' ||
    (mode === 'combine' && ['mergeByPosition', 'combineByPosition'].includes(combineBy));
  const everyPair =
    mode === 'multiplex' || (mode === 'combine' && ['multiplex', 'combineAll'].includes(combineBy));
  if (byPosition || everyPair)
    return merged(
      'object',
      'Os campos dos payloads das entradas viram um objeto só (a última entrada prevalece); com um item por entrada é o mesmo que no n8n, com vários itens não.',
    );
  return {
    type: 'core_merge',
    params: { mode: 'array' },
    outputs: [['default']],
    notTranslated: `O modo "${mode === 'combine' ? `${mode} / ${combineBy}` : mode}" do Merge não tem equivalente no nó Unir do Ponte, que só junta as entradas numa lista ou num objeto: use um Unir seguido de um nó Código.`,
  };
};

export const splitInBatches = (context: MapContext): Mapped => {
  const version = context.node.typeVersion ?? 1;
  // Loop Over Items (v3) sends one item at a time unless told; Split In Batches (v1, v2) ten.
  const size = Number(context.params.batchSize ?? (version >= 3 ? 1 : 10));
  if (size !== 1)
    context.note(`O n8n enviava lotes de ${size} itens; o Loop do Ponte envia um item por vez.`);
  return {
    type: 'core_loop',
    params: { items: '{{ msg.payload }}' },
    // v3 (Loop Over Items): output 0 is "done", 1 is "loop"; v1/v2 had the batch only.
    outputs: version >= 3 ? [['done'], ['item']] : [['item']],
  };
};

const units: Record<string, [number, string]> = {
  seconds: [1, 's'],
  minutes: [1, 'min'],
  hours: [1, 'h'],
  days: [24, 'h'],
};

export const waitNode = (context: MapContext): Mapped => {
  const p = context.params;
  const resume = String(p.resume ?? 'timeInterval');
  if (resume === 'timeInterval') {
    // n8n's defaults: 1 hour in v1, 5 seconds from v1.1.
    const first = (context.node.typeVersion ?? 1) < 1.1;
    const [factor, unit] = units[String(p.unit ?? (first ? 'hours' : 'seconds'))] ?? [1, 'h'];
    const amount = p.amount ?? (first ? 1 : 5);
    const value = typeof amount === 'number' ? amount * factor : context.value(amount);
    if (typeof amount !== 'number' && factor !== 1)
      context.note('A quantidade em dias por expressão foi lida em horas: multiplique por 24.');
    return {
      type: 'core_delay',
      params: { amount: value, unit, durable: true },
      outputs: [['default']],
    };
  }
  if (resume === 'specificTime') {
    const date = context.value(p.dateTime ?? '');
    const inner = typeof date === 'string' ? date.replace(/^\{\{\s*([\s\S]*?)\s*\}\}$/, '$1') : '';
    const target = typeof date === 'string' && date.startsWith('{{') ? inner : JSON.stringify(date);
    context.note(
      'Esperar até uma data virou esperar a diferença entre a data e o momento em que o nó roda (no máximo 30 dias).',
    );
    return {
      type: 'core_delay',
      params: {
        amount: `{{ $max([0, $toMillis(${target}) - $millis()]) }}`,
        unit: 'ms',
        durable: true,
      },
      outputs: [['default']],
    };
  }
  if (resume === 'webhook') {
    context.note(
      'Esperar uma chamada de webhook virou "Aguardar chamada": o endereço a chamar sai pela saída "Link" (não é o $execution.resumeUrl do n8n).',
    );
    return {
      type: 'core_wait_call',
      params: { timeout: 30, timeout_unit: 'd' },
      outputs: [['default']],
    };
  }
  return {
    type: 'core_delay',
    params: { amount: 0, unit: 's' },
    outputs: [['default']],
    notTranslated: 'Esperar o envio de um formulário do n8n não tem equivalente no Ponte.',
  };
};

export const noOp = (): Mapped => passThrough('Nenhuma operação (No Operation do n8n)');
