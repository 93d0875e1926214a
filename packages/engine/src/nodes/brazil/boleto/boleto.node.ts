import {
  BoletoError,
  boletoBarcodeOf,
  boletoLineOf,
  readBoleto,
} from '@ponte/shared/brazil/boleto/boleto';
import { defineNode } from '../../../kit/define-node';

/**
 * What each operation asks of the text: 'read' takes either form, the conversions only the
 * form they convert from (a barcode given to 'barcode → linha' is what the flow expects).
 */
const operations = {
  read: readBoleto,
  barcode_to_line: (text: string, today: number) => {
    boletoLineOf(text, today);
    return readBoleto(text, today);
  },
  line_to_barcode: (text: string, today: number) => {
    boletoBarcodeOf(text, today);
    return readBoleto(text, today);
  },
} as const;

/**
 * A boleto that cannot be read is not a failure of the node: like an IF, it goes out by
 * 'Inválido' with the reason in `msg.boleto.erro`, so the flow answers the person who typed
 * it. Anything else (a param's expression that fails) fails the node as usual.
 */
export const boletoNode = defineNode({
  type: 'core_boleto',
  version: 1,
  category: 'brazil',
  label: 'Boleto',
  description:
    'Lê e valida a linha digitável ou o código de barras de um boleto (bancário ou de arrecadação) e põe em msg.boleto o banco, o valor, o vencimento e as duas formas do boleto.',
  icon: 'barcode',
  params: {
    operation: {
      type: 'select',
      label: 'Operação',
      default: 'read',
      options: [
        { label: 'Ler e validar', value: 'read' },
        { label: 'Linha digitável a partir do código de barras', value: 'barcode_to_line' },
        { label: 'Código de barras a partir da linha digitável', value: 'line_to_barcode' },
      ],
    },
    boleto: {
      type: 'text',
      label: 'Linha digitável ou código de barras',
      required: true,
      placeholder: '{{ msg.payload.linha_digitavel }}',
    },
  },
  outputs: { valid: { label: 'Válido' }, invalid: { label: 'Inválido' } },
  async run({ params, input, ports }) {
    const operation = operations[params.operation as keyof typeof operations] ?? readBoleto;
    try {
      const boleto = operation(String(params.boleto ?? ''), ports.clock.now());
      return { output: 'valid', msg: { ...input, boleto: { valido: true, ...boleto } } };
    } catch (error) {
      if (!(error instanceof BoletoError)) throw error;
      return {
        output: 'invalid',
        msg: { ...input, boleto: { valido: false, erro: error.message } },
      };
    }
  },
});
