import { firstOf, group, has, list, num, text } from './nfe-values';
import type { XmlNode } from './nfe-xml';

/**
 * The people of an NF-e: emitter (`emit`, MOC 7.0 group C), recipient (`dest`, group E) and
 * carrier (`transp`, group X), each with its CNPJ or CPF and address.
 */

function address(node: XmlNode) {
  if (Object.keys(node).length === 0) return null;
  return {
    logradouro: text(node, 'xLgr'),
    numero: text(node, 'nro'),
    complemento: text(node, 'xCpl'),
    bairro: text(node, 'xBairro'),
    municipio_codigo: text(node, 'cMun'),
    municipio: text(node, 'xMun'),
    uf: text(node, 'UF'),
    cep: text(node, 'CEP'),
    pais_codigo: text(node, 'cPais'),
    pais: text(node, 'xPais'),
    telefone: text(node, 'fone'),
  };
}

function documents(node: XmlNode) {
  return {
    cnpj: text(node, 'CNPJ'),
    cpf: text(node, 'CPF'),
  };
}

/** The emitter (`emit`). */
export function emitter(infNFe: XmlNode) {
  const emit = group(infNFe, 'emit');
  return {
    ...documents(emit),
    nome: text(emit, 'xNome'),
    fantasia: text(emit, 'xFant'),
    ie: text(emit, 'IE'),
    ie_substituto: text(emit, 'IEST'),
    im: text(emit, 'IM'),
    cnae: text(emit, 'CNAE'),
    regime_tributario: text(emit, 'CRT'),
    endereco: address(group(emit, 'enderEmit')),
  };
}

/** The recipient (`dest`); null when the NF-e has none (an NFC-e may not). */
export function recipient(infNFe: XmlNode) {
  if (!has(infNFe, 'dest')) return null;
  const dest = group(infNFe, 'dest');
  return {
    ...documents(dest),
    id_estrangeiro: text(dest, 'idEstrangeiro'),
    nome: text(dest, 'xNome'),
    ie: text(dest, 'IE'),
    indicador_ie: text(dest, 'indIEDest'),
    suframa: text(dest, 'ISUF'),
    im: text(dest, 'IM'),
    email: text(dest, 'email'),
    endereco: address(group(dest, 'enderDest')),
  };
}

/** Carriage (`transp`): freight mode, carrier, vehicle and volumes (always a list). */
export function transport(infNFe: XmlNode) {
  const transp = group(infNFe, 'transp');
  const carrier = group(transp, 'transporta');
  const vehicle = group(transp, 'veicTransp');
  const document = firstOf(carrier, ['CNPJ', 'CPF']);
  return {
    modalidade_frete: text(transp, 'modFrete'),
    transportadora: has(transp, 'transporta')
      ? {
          cnpj: document?.tag === 'CNPJ' ? document.value : null,
          cpf: document?.tag === 'CPF' ? document.value : null,
          nome: text(carrier, 'xNome'),
          ie: text(carrier, 'IE'),
          endereco: text(carrier, 'xEnder'),
          municipio: text(carrier, 'xMun'),
          uf: text(carrier, 'UF'),
        }
      : null,
    veiculo: has(transp, 'veicTransp')
      ? { placa: text(vehicle, 'placa'), uf: text(vehicle, 'UF'), rntc: text(vehicle, 'RNTC') }
      : null,
    volumes: list(transp, 'vol').map((vol) => ({
      quantidade: num(vol, 'qVol'),
      especie: text(vol, 'esp'),
      marca: text(vol, 'marca'),
      numeracao: text(vol, 'nVol'),
      peso_liquido: num(vol, 'pesoL'),
      peso_bruto: num(vol, 'pesoB'),
    })),
  };
}
