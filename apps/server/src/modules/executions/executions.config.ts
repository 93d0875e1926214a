import { z } from 'zod';
import { executionSaveLevels } from '@ponte/shared/flows.schema';
import { defineModuleConfig } from '../../config/module-config';
import { wholeNumber } from '../../config/whole-number';

/**
 * How this process runs executions: how many at once, what is kept of them (and whether
 * masked), the isolates of the code sandbox the engine runs them with, and how long a chain of
 * flows may grow.
 */
export const executionsConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_EXECUTION_CONCURRENCY',
      default: '200',
      description:
        'Execuções que este processo roda ao mesmo tempo; as demais esperam na fila, sem se perder.',
    },
    {
      name: 'PONTE_EXECUTION_SAVE',
      default: 'all',
      description:
        'O que fica guardado de cada execução nos flows que seguem o padrão da instância: all (tudo), errors (logs do usuário e, das execuções que falham, tudo) ou none (só a execução).',
    },
    {
      name: 'PONTE_EXECUTION_DATA',
      default: 'on',
      description:
        'on: cada execução guarda a entrada e a saída de cada conector, como diz a opção de guardar execuções do flow (até 1 MB por conector e 4 MB por execução; execuções do editor até 16 MB e 32 MB), apagadas com os logs. off: nada é guardado.',
    },
    {
      name: 'PONTE_SANDBOX_ISOLATES',
      default: '4',
      description:
        'Isolates que rodam o código dos conectores Código ao mesmo tempo; um workspace usa no máximo a metade (mínimo 1).',
    },
    {
      name: 'PONTE_FLOW_CHAIN_LIMIT',
      default: '5',
      description:
        'Vezes seguidas que um flow pode acionar outro (ou a si mesmo) pelo webhook ou pelo conector de chamar flow; além disso, a execução é recusada.',
    },
    {
      name: 'PONTE_LGPD_MASK',
      default: 'false',
      description:
        'true: os flows que seguem o padrão da instância guardam mascarados os dados pessoais (CPF, CNPJ, e-mail, telefone, CEP, cartão) dos logs e das execuções; cada flow pode ligar ou desligar nas suas opções.',
    },
  ],
  envShape: {
    PONTE_EXECUTION_CONCURRENCY: z
      .string()
      .regex(/^\d+$/, { error: 'deve ser um número inteiro de 1 a 1000' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1000, { error: 'deve ser um número inteiro de 1 a 1000' })
      .default(200),
    PONTE_EXECUTION_SAVE: z
      .enum(executionSaveLevels, { error: 'deve ser all, errors ou none' })
      .default('all'),
    PONTE_EXECUTION_DATA: z.enum(['on', 'off'], { error: 'deve ser on ou off' }).default('on'),
    PONTE_SANDBOX_ISOLATES: wholeNumber(1, 64).default(4),
    PONTE_FLOW_CHAIN_LIMIT: wholeNumber(1, 100).default(5),
    PONTE_LGPD_MASK: z
      .enum(['true', 'false'], { error: 'deve ser true ou false' })
      .transform((value) => value === 'true')
      .default(false),
  },
  read: (parsed) => ({
    executionConcurrency: parsed.PONTE_EXECUTION_CONCURRENCY,
    /** PONTE_EXECUTION_SAVE: what is kept of each execution of a flow that follows it. */
    executionSave: parsed.PONTE_EXECUTION_SAVE,
    /** PONTE_EXECUTION_DATA: `off` keeps no node data of any execution (docs/adr/0089). */
    executionData: parsed.PONTE_EXECUTION_DATA,
    /** PONTE_SANDBOX_ISOLATES: isolates of the code sandbox (one workspace uses half). */
    sandboxIsolates: parsed.PONTE_SANDBOX_ISOLATES,
    /** PONTE_FLOW_CHAIN_LIMIT: executions a chain of flows may start one after another. */
    flowChainLimit: parsed.PONTE_FLOW_CHAIN_LIMIT,
    /** PONTE_LGPD_MASK: flows that follow it store personal data masked (docs/adr/0122). */
    lgpdMask: parsed.PONTE_LGPD_MASK,
  }),
});
