import { describe, expect, it } from 'vitest';
import { generateBrCode } from './br-code';
import { manualExamples } from './br-code.fixtures';
import { parseBrCode } from './br-code-parse';
import { crc16 } from './crc16';

/** A payload with its CRC recomputed after a change (so that only the change is wrong). */
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;
const bodyOf = (code: string) => code.slice(0, -8);

describe('parseBrCode', () => {
  it("reads the manual's static example", () => {
    const parsed = parseBrCode(manualExamples.static);
    expect(parsed).toMatchObject({
      tipo: 'estatico',
      uso_unico: false,
      chave: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      valor: null,
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
      txid: '***',
      info_adicional: null,
      cep: null,
      crc: '1D3D',
    });
    expect(parsed.campos['26']).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': '123e4567-e12b-12d1-a456-426655440000',
    });
    expect(parsed.campos['62']).toEqual({ '05': '***' });
  });

  it("reads the manual's dynamic example", () => {
    expect(parseBrCode(manualExamples.dynamic)).toMatchObject({
      tipo: 'dinamico',
      uso_unico: true,
      chave: null,
      url: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      crc: '64E4',
    });
  });

  it("reads the manual's composite example: the payment of field 26, field 80 kept", () => {
    const parsed = parseBrCode(manualExamples.composite);
    expect(parsed).toMatchObject({ tipo: 'estatico', valor: 100.5, crc: '2875' });
    expect(parsed.campos['80']).toEqual({
      '00': 'br.gov.bcb.pix',
      '25': 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002',
    });
  });

  it('reads back what generateBrCode wrote', () => {
    const code = generateBrCode({
      tipo: 'estatico',
      chave: '12.ABC.345/01DE-35',
      valor: 99.9,
      nome: 'Loja',
      cidade: 'Recife',
      txid: 'abc123',
      info_adicional: 'Mesa 4',
      cep: '50030-230',
    });
    expect(parseBrCode(` ${code}\n`)).toMatchObject({
      chave: '12ABC34501DE35',
      valor: 99.9,
      txid: 'abc123',
      info_adicional: 'Mesa 4',
      cep: '50030230',
    });
  });

  it('says which CRC was expected when the code was changed', () => {
    const changed = manualExamples.static.replace('BRASILIA', 'BRASILIO');
    expect(() => parseBrCode(changed)).toThrow(
      'CRC do BR Code não confere: o código traz 1D3D, o certo seria ',
    );
  });

  it('accepts a CRC in lower case', () => {
    expect(parseBrCode(manualExamples.static.replace(/1D3D$/, '1d3d')).crc).toBe('1D3D');
  });

  it('says when a field claims more characters than are left', () => {
    expect(() => parseBrCode('000201265800')).toThrow(
      'BR Code inválido: o campo 26 (posição 7) diz ter 58 caracteres, mas só restam 2.',
    );
  });

  it('says where the walk met something that is not a field', () => {
    expect(() => parseBrCode('000201ab')).toThrow(
      'BR Code inválido: na posição 7 era esperado um campo',
    );
  });

  it('refuses an unknown payload format', () => {
    const code = withCrc(bodyOf(manualExamples.static).replace(/^000201/, '000202'));
    expect(() => parseBrCode(code)).toThrow('Formato de BR Code desconhecido');
  });

  it('refuses a code without the Pix GUI', () => {
    const code = withCrc(bodyOf(manualExamples.static).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz'));
    expect(() => parseBrCode(code)).toThrow(
      'Este BR Code não é um Pix: nenhum campo de 26 a 51 traz o identificador br.gov.bcb.pix.',
    );
  });

  it('refuses a code without its CRC, a missing name, another currency', () => {
    expect(() => parseBrCode(bodyOf(manualExamples.static))).toThrow('falta o CRC no fim');
    const noName = withCrc(bodyOf(manualExamples.static).replace('5913Fulano de Tal', ''));
    expect(() => parseBrCode(noName)).toThrow('falta o campo 59 (nome do recebedor)');
    const dollars = withCrc(bodyOf(manualExamples.static).replace('5303986', '5303840'));
    expect(() => parseBrCode(dollars)).toThrow('Moeda do BR Code não é o real');
  });
});
