import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import { llmAccountParams, llmMaskParam, llmNode, llmTuningParams, textOf } from './llm-call';
import { compileSchema, type SchemaCheck } from './llm-json';
import {
  namedRows,
  openTextStep,
  rowNamesProblem,
  stepInstructionsParam,
  stepTextParam,
  type RowNaming,
} from './llm-text-step';

const m = messages.llm;
const label = 'Classificar texto';
/** The node's own output when no class fits; a class cannot take its name (nor `error`). */
const otherOutput = 'other';
const reservedOutputs = [otherOutput, 'error'];

const params = {
  ...llmAccountParams,
  ...stepTextParam('O texto a classificar. Aceita expressões {{ }}.'),
  classes: {
    type: 'table-params',
    label: 'Classes',
    required: true,
    description: 'A descrição diz ao modelo o que pertence à classe.',
    columns: [
      { key: 'name', label: 'Classe', type: 'text' },
      { key: 'description', label: 'Descrição', type: 'text' },
    ],
  },
  ...stepInstructionsParam('O que mais o modelo deve considerar ao classificar (opcional).'),
  multiple: {
    type: 'boolean',
    label: 'Permitir mais de uma classe',
    default: false,
    description: 'A mensagem sai por cada classe escolhida.',
  },
  ...llmTuningParams(0),
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

type ClassRow = { name: string; description: string };

const classNaming: RowNaming = {
  none: m.classesRequired,
  unnamed: m.classNameRequired,
  expression: m.classNameExpression,
  twice: m.classNameTwice,
  reserved: { names: reservedOutputs, said: m.classNameReserved },
};

/** The JSON Schema of an answer: the chosen classes among the node's, and why. */
function answerSchema(classes: ClassRow[], multiple: boolean): string {
  return JSON.stringify({
    type: 'object',
    properties: {
      classes: {
        type: 'array',
        items: { type: 'string', enum: classes.map((row) => row.name) },
        ...(multiple ? {} : { maxItems: 1 }),
      },
      motivo: { type: 'string' },
    },
    required: ['classes'],
  });
}

/**
 * The answer's check: a class the node does not have is named (the model reads it in the
 * retry, the person in the failure); the rest by the schema.
 */
function answerCheck(classes: ClassRow[], schema: string): SchemaCheck {
  const bySchema = compileSchema(schema)!;
  const names = classes.map((row) => row.name);
  return (value) => {
    const answered = (value as { classes?: unknown } | null)?.classes;
    const unknown = Array.isArray(answered)
      ? answered.find((name) => typeof name === 'string' && !names.includes(name))
      : undefined;
    if (typeof unknown === 'string') return m.classUnknown(unknown, names.join(', '));
    return bySchema(value);
  };
}

/** What the model is told: the classes with their descriptions, how many, and when none fits. */
function systemOf(classes: ClassRow[], multiple: boolean, instructions: string): string {
  const list = classes
    .map((row) => `- "${row.name}"${row.description ? `: ${row.description}` : ''}`)
    .join('\n');
  return [
    `Classifique o texto do usuário em ${multiple ? 'todas as classes que se aplicam' : 'uma só classe'}, entre estas:\n${list}`,
    'Se nenhuma classe servir, responda com a lista de classes vazia. Use os nomes das classes exatamente como estão escritos e diga o motivo em uma frase.',
    instructions,
    'Formato: {"classes": ["<classe>"], "motivo": "<uma frase>"}',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const node = defineNode({
  type: 'svc_llm_classify',
  version: 1,
  category: 'ai',
  label,
  description:
    'Pede a um modelo de linguagem a classe de um texto e segue pela saída da classe; senão, por "Outros".',
  icon: 'tags',
  params,
  outputs: { [otherOutput]: { label: 'Outros' } },
  dynamicOutputs: { param: 'classes', key: 'name' },
  checkParams: (raw) => rowNamesProblem(raw.classes, classNaming),
  async run({ params: raw, input, ports, scope, signal, log }) {
    const classes: ClassRow[] = namedRows(raw.classes, classNaming);
    const multiple = raw.multiple === true;
    const { llm, message, instructions } = await openTextStep(label, raw, {
      ports,
      scope,
      signal,
      log,
    });
    const schema = answerSchema(classes, multiple);
    const hidden = classes.map((row) => ({ ...row, description: llm.hide(row.description) }));
    const answer = (await llm.askJson({
      system: systemOf(hidden, multiple, instructions),
      message,
      schema,
      check: answerCheck(classes, schema),
      rejected: m.classificationRejected,
    })) as { classes: string[]; motivo?: string };
    const chosen = [...new Set(answer.classes)];
    const motivo = textOf(answer.motivo);
    const report = llm.report();
    const messageOn = (output: string) => ({
      output,
      msg: {
        ...input,
        classificacao: { classes: [...chosen], ...(motivo ? { motivo } : {}) },
        llm: report,
      },
    });
    return chosen.length ? chosen.map(messageOn) : messageOn(otherOutput);
  },
});

/**
 * 'Classificar texto' (docs/ai.md, docs/adr/0096): one output per class of its table, like
 * the switch's rules; the model's answer checked against the classes and asked again once.
 */
export const llmClassifyConnector: NodeDefinition = llmNode(label, node);
