import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import type { NodeRunContext } from '../../kit/context';
import type { Message } from '../../kit/message';
import { BrCodeInputError, generateBrCode } from './br-code';
import { BrCodeParseError, parseBrCode } from './br-code-parse';
import { checkPixKey, pixKeyTypes, type PixKeyType } from './pix-keys';
import type { PixOperation, PixParamPool } from './pix-operation';
import { qrImage, type QrImageFormat } from './qr-image';

type Ctx = NodeRunContext<Record<string, unknown>>;

/** A param's text ('' when empty); numbers typed through an expression become text. */
const textParam = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** The text a param must hold, else the node fails naming it. */
function requiredText(value: unknown, label: string): string {
  const text = textParam(value);
  if (!text) throw new Error(`${label}: preencha este campo.`);
  return text;
}

/** 'Valor' as typed ('1.234,56', '1234.56') or as an expression gave it; null when empty. */
function amountParam(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  const amount = typeof value === 'string' ? parseBrNumber(value) : null;
  if (amount === null) throw new Error('Valor: informe um número, como 1.234,56.');
  return amount;
}

const done = (ctx: Ctx, payload: unknown) => ({
  output: 'default',
  msg: { ...ctx.input, payload } as Message,
});

/** The node fails with the BR Code's own pt-BR refusal, which names the field. */
function brCodeOf(params: Record<string, unknown>): string {
  const dynamic = params.code_type === 'dynamic';
  try {
    return generateBrCode({
      tipo: dynamic ? 'dinamico' : 'estatico',
      chave: textParam(params.key),
      url: textParam(params.location),
      valor: dynamic ? null : amountParam(params.amount),
      nome: requiredText(params.merchant_name, 'Nome do recebedor'),
      cidade: requiredText(params.merchant_city, 'Cidade'),
      txid: textParam(params.txid),
      info_adicional: textParam(params.info),
      cep: textParam(params.cep),
    });
  } catch (error) {
    if (error instanceof BrCodeInputError) throw new Error(error.message);
    throw error;
  }
}

async function generate(ctx: Ctx) {
  const code = brCodeOf(ctx.params);
  const { campos: _fields, ...read } = parseBrCode(code);
  const image = ctx.params.qr_image;
  const qr =
    image === 'png' || image === 'svg' ? await qrImage(code, image, ctx.params.qr_path, ctx) : {};
  return done(ctx, { br_code: code, ...read, ...qr });
}

function read(ctx: Ctx) {
  const code = requiredText(ctx.params.br_code, 'BR Code');
  try {
    return done(ctx, { valido: true, ...parseBrCode(code) });
  } catch (error) {
    if (!(error instanceof BrCodeParseError)) throw error;
    return done(ctx, { valido: false, erro: error.message });
  }
}

async function image(ctx: Ctx) {
  const code = requiredText(ctx.params.br_code, 'BR Code');
  const format: QrImageFormat = ctx.params.image_format === 'svg' ? 'svg' : 'png';
  return done(ctx, { br_code: code, ...(await qrImage(code, format, ctx.params.qr_path, ctx)) });
}

function validateKey(ctx: Ctx) {
  const key = requiredText(ctx.params.pix_key, 'Chave Pix');
  const type = ctx.params.key_type;
  const told = pixKeyTypes.includes(type as PixKeyType) ? (type as PixKeyType) : undefined;
  return done(ctx, checkPixKey(key, told));
}

/** The offline operations of the 'Pix' node: BR Code, its QR image, Pix keys. */
export const pixCodeOperations: PixOperation[] = [
  {
    value: 'brcode_generate',
    label: 'BR Code → Gerar',
    params: [
      'code_type',
      'key',
      'location',
      'amount',
      'merchant_name',
      'merchant_city',
      'txid',
      'info',
      'cep',
      'qr_image',
      'qr_path',
    ],
    run: generate,
  },
  {
    value: 'brcode_read',
    label: 'BR Code → Ler e validar',
    params: ['br_code'],
    run: (ctx) => Promise.resolve(read(ctx)),
  },
  {
    value: 'qrcode_image',
    label: 'QR Code → Gerar imagem',
    params: ['br_code', 'image_format', 'qr_path'],
    run: image,
  },
  {
    value: 'key_validate',
    label: 'Chave Pix → Validar',
    params: ['pix_key', 'key_type'],
    run: (ctx) => Promise.resolve(validateKey(ctx)),
  },
];

const staticOnly = { code_type: ['static'] };

/** The params of those operations (each shown only for the operations that list it). */
export const pixCodeParams: PixParamPool = {
  code_type: {
    type: 'select',
    label: 'Tipo de QR',
    default: 'static',
    options: [
      { label: 'Estático (chave Pix)', value: 'static' },
      { label: 'Dinâmico (cobrança de um PSP)', value: 'dynamic' },
    ],
    description:
      'Estático: reutilizável, leva a chave e, se quiser, o valor. Dinâmico: de uso único, leva a location que o PSP devolveu ao criar a cobrança; o valor fica na cobrança.',
  },
  key: {
    type: 'text',
    label: 'Chave Pix',
    required: true,
    placeholder: 'financeiro@empresa.com.br',
    description: 'CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.',
    showWhen: staticOnly,
  },
  location: {
    type: 'text',
    label: 'URL do payload',
    required: true,
    placeholder: '{{ msg.payload.location }}',
    description: 'A location da cobrança no PSP (com ou sem https://).',
    showWhen: { code_type: ['dynamic'] },
  },
  amount: {
    type: 'text',
    label: 'Valor',
    valueType: 'any',
    placeholder: '1.234,56',
    description: 'Opcional: em branco, quem paga digita o valor.',
    showWhen: staticOnly,
  },
  merchant_name: {
    type: 'text',
    label: 'Nome do recebedor',
    required: true,
    description: 'Até 25 caracteres; acentos e símbolos são retirados.',
  },
  merchant_city: {
    type: 'text',
    label: 'Cidade',
    required: true,
    description: 'Até 15 caracteres; acentos e símbolos são retirados.',
  },
  txid: {
    type: 'text',
    label: 'Identificador (TXID)',
    placeholder: 'PEDIDO123',
    description: 'Opcional: até 25 letras e dígitos, para conciliar o pagamento.',
    showWhen: staticOnly,
  },
  info: {
    type: 'text',
    label: 'Informação adicional',
    description: 'Opcional: um texto que o app de quem paga mostra.',
    showWhen: staticOnly,
  },
  cep: { type: 'text', label: 'CEP', description: 'Opcional: o CEP do recebedor.' },
  qr_image: {
    type: 'select',
    label: 'Imagem do QR Code',
    default: 'none',
    options: [
      { label: 'Nenhuma', value: 'none' },
      { label: 'PNG', value: 'png' },
      { label: 'SVG', value: 'svg' },
    ],
  },
  image_format: {
    type: 'select',
    label: 'Formato da imagem',
    default: 'png',
    options: [
      { label: 'PNG', value: 'png' },
      { label: 'SVG', value: 'svg' },
    ],
  },
  qr_path: {
    type: 'text',
    label: 'Gravar no armazenamento em',
    valueType: 'any',
    placeholder: '/pix/{{ msg.payload.pedido }}.png',
    description:
      'Opcional: o caminho do arquivo no armazenamento (um arquivo que já exista é substituído). A imagem em PNG sempre vai em msg.payload.qr_png.',
  },
  br_code: {
    type: 'textarea',
    label: 'BR Code',
    required: true,
    placeholder: '{{ msg.payload.pixCopiaECola }}',
    description: 'O texto do Pix copia e cola.',
  },
  pix_key: {
    type: 'text',
    label: 'Chave Pix',
    required: true,
    placeholder: '{{ msg.payload.chave }}',
  },
  key_type: {
    type: 'select',
    label: 'Tipo da chave',
    default: 'auto',
    options: [
      { label: 'Descobrir pelo formato', value: 'auto' },
      { label: 'CPF', value: 'cpf' },
      { label: 'CNPJ', value: 'cnpj' },
      { label: 'E-mail', value: 'email' },
      { label: 'Celular', value: 'telefone' },
      { label: 'Chave aleatória', value: 'evp' },
    ],
  },
};
