import { isCep } from '@ponte/shared/brazil/documents';
import { brCodeText } from './br-code-text';
import { crc16 } from './crc16';
import { tlv } from './emv-tlv';
import { checkPixKey } from './pix-keys';

/** The GUI of the Pix arrangement in the merchant account information (field 26, sub 00). */
export const pixGui = 'br.gov.bcb.pix';

/** What a BR Code is made from; texts as typed (they are cleaned here). */
export interface BrCodeInput {
  /** Static (a key, reusable) or dynamic (a PSP's location URL, single use). */
  tipo: 'estatico' | 'dinamico';
  chave?: string;
  url?: string;
  /** Static only: the amount in reais; absent or null lets the payer type it. */
  valor?: number | null;
  nome: string;
  cidade: string;
  /** Static only: up to 25 letters and digits; '***' when absent. */
  txid?: string;
  /** Static only: a text shown to the payer (field 26, sub 02). */
  info_adicional?: string;
  cep?: string;
}

/** Limits of the "Manual de Padrões para Iniciação do Pix" and of EMV QRCPS-MPM. */
export const brCodeLimits = { nome: 25, cidade: 15, txid: 25, valor: 13, template: 99 };

/** A refusal of a BR Code's input: the pt-BR message names the field. */
export class BrCodeInputError extends Error {}

const fail = (message: string): never => {
  throw new BrCodeInputError(message);
};

/** The amount as field 54 writes it ('1234.56'), or null when none was given. */
function amountText(valor: number | null | undefined): string | null {
  if (valor === undefined || valor === null) return null;
  if (!Number.isFinite(valor) || valor <= 0) {
    return fail('Valor: informe um valor maior que zero, como 1234,56 (ou deixe em branco).');
  }
  const text = valor.toFixed(2);
  if (Math.abs(Number(text) - valor) > 1e-9) {
    return fail('Valor: use no máximo 2 casas decimais.');
  }
  if (text.length > brCodeLimits.valor) {
    return fail(`Valor: grande demais para um BR Code (até ${brCodeLimits.valor} caracteres).`);
  }
  return text;
}

/** A text field cleaned for the BR Code, required, cut to its limit. */
function cleanText(value: string, label: string, max: number): string {
  const text = brCodeText(value).slice(0, max).trim();
  if (!text) fail(`${label}: informe um texto com letras ou dígitos.`);
  return text;
}

function txidText(txid: string | undefined): string {
  const text = (txid ?? '').trim();
  if (!text || text === '***') return '***';
  if (!/^[A-Za-z0-9]+$/.test(text)) {
    fail('Identificador (TXID): use só letras sem acento e dígitos, sem espaços.');
  }
  if (text.length > brCodeLimits.txid) {
    fail(`Identificador (TXID): no máximo ${brCodeLimits.txid} caracteres num QR estático.`);
  }
  return text;
}

/** The location of a dynamic BR Code, as field 26-25 carries it: without 'https://'. */
function locationText(url: string | undefined): string {
  const text = (url ?? '').trim().replace(/^https:\/\//i, '');
  if (!text) fail('URL do payload: informe a location da cobrança que o PSP devolveu.');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    fail('URL do payload: o endereço deve ser https (escreva-o sem o esquema ou com https://).');
  }
  if (!/^[A-Za-z0-9.-]+(?::\d+)?\/\S+$/.test(text)) {
    fail('URL do payload: informe o domínio e o caminho, como pix.exemplo.com.br/qr/v2/9d36b84f.');
  }
  return text;
}

/** Field 26: the GUI, then the key and the additional information, or the URL. */
function merchantAccount(input: BrCodeInput): string {
  const gui = tlv('00', pixGui);
  if (input.tipo === 'dinamico') {
    const url = tlv('25', locationText(input.url));
    if (gui.length + url.length > brCodeLimits.template) {
      fail(
        `URL do payload: longa demais (até ${brCodeLimits.template - gui.length - 4} caracteres).`,
      );
    }
    return tlv('26', gui + url);
  }
  const check = checkPixKey(input.chave ?? '');
  if (!check.valida) return fail(`Chave Pix: ${check.motivo}`);
  const key = tlv('01', check.chave);
  const room = brCodeLimits.template - gui.length - key.length - 4;
  const info = brCodeText(input.info_adicional ?? '');
  if (info.length > room) {
    fail(`Informação adicional: com esta chave cabem até ${Math.max(room, 0)} caracteres.`);
  }
  return tlv('26', gui + key + (info ? tlv('02', info) : ''));
}

/**
 * A BR Code ('Pix copia e cola') as the Banco Central's "Manual de Padrões para Iniciação do
 * Pix" defines it over EMV QRCPS-MPM: 00 payload format '01'; 01 '12' (single use) when
 * dynamic; 26 the Pix merchant account; 52 '0000'; 53 '986' (real); 54 the amount when given
 * (static); 58 'BR'; 59 name (25); 60 city (15); 61 CEP when given; 62-05 the TXID ('***' when
 * none; always '***' when dynamic, the charge holds it); 63 the CRC16. A dynamic code carries
 * no amount: the payer's PSP reads it from the charge at the URL.
 */
export function generateBrCode(input: BrCodeInput): string {
  const dynamic = input.tipo === 'dinamico';
  const amount = dynamic ? null : amountText(input.valor);
  const cep = (input.cep ?? '').trim();
  if (cep && !isCep(cep)) fail('CEP: informe 8 dígitos, como 01310-100.');
  const body = [
    tlv('00', '01'),
    dynamic ? tlv('01', '12') : '',
    merchantAccount(input),
    tlv('52', '0000'),
    tlv('53', '986'),
    amount ? tlv('54', amount) : '',
    tlv('58', 'BR'),
    tlv('59', cleanText(input.nome, 'Nome do recebedor', brCodeLimits.nome)),
    tlv('60', cleanText(input.cidade, 'Cidade', brCodeLimits.cidade)),
    cep ? tlv('61', cep.replace(/\D/g, '')) : '',
    tlv('62', tlv('05', dynamic ? '***' : txidText(input.txid))),
    '6304',
  ].join('');
  return body + crc16(body);
}
