import { describe, expect, it } from 'vitest';
import publishedNfe from './fixtures/nfe-layout4-com-prot.xml?raw';
import sampleNfe from './fixtures/nfe-sample.xml?raw';
import { createTestSigner, signNfe } from './nfe-test-signer';
import { checkNfeSignature, readNfe } from './read-nfe';

/*
 * publishedNfe: a real NF-e signed with an ICP-Brasil e-CNPJ A1 and authorised by SEFAZ-RS
 * (homologação, cStat 100), published in the test fixtures of nfephp-org/sped-nfe (MIT among
 * its licences): tests/fixtures/xml/nfe_layout4_com_prot.xml. The file was indented after it
 * was signed; only the whitespace between tags was taken out again (its DigestValue is the
 * digVal the SEFAZ recorded in the protocol).
 * sampleNfe: an NF-e of made-up companies, signed in the tests with a certificate made here.
 */

const signer = createTestSigner('FERRAGENS EXEMPLO LTDA', '11222333000181');
const signed = signNfe(sampleNfe, signer);

describe('readNfe, a published NF-e', () => {
  it('verifies the signature of a real authorised NF-e and reads its certificate', () => {
    const nfe = readNfe(publishedNfe);
    expect(nfe.assinatura).toEqual({
      valida: true,
      motivo:
        'Assinatura válida: o infNFe não mudou desde que foi assinado com o certificado informado.',
      certificado: {
        titular: 'DIGITINS SISTEMAS DE INFORMATICA LTDA:06929383000163',
        cnpj: '06929383000163',
        emissor: 'AC CNDL RFB',
        valido_de: '2018-02-15T19:37:04.000Z',
        valido_ate: '2019-02-15T19:37:04.000Z',
      },
      emitente_confere: true,
    });
    expect(nfe.chave).toBe('43180906929383000163550010000000261000010301');
    expect(nfe.protocolo).toMatchObject({
      numero: '143180006932433',
      status: 100,
      motivo: 'Autorizado o uso da NF-e',
      autorizada: true,
      chave_confere: true,
      recebido_em: '2018-09-25T19:21:05.000Z',
      resumo: 'Hwr3X8T6PR7EUzdSHZYeHpn14e4=',
      resumo_confere: true,
    });
    expect(nfe.itens[0]?.impostos.icms).toMatchObject({ grupo: 'ICMSSN202', csosn: '202' });
  });

  it('finds a value changed in the real NF-e', () => {
    const altered = publishedNfe.replace('<vProd>500.00</vProd>', '<vProd>5000.00</vProd>');
    expect(altered).not.toBe(publishedNfe);
    expect(checkNfeSignature(altered)).toMatchObject({
      valida: false,
      motivo:
        'O conteúdo do infNFe foi alterado depois de assinado: o resumo (DigestValue) não confere.',
    });
  });
});

describe('readNfe, the JSON of an NF-e', () => {
  const nfe = readNfe(signed);

  it('reads ide, emitter and recipient with their documented names', () => {
    expect(nfe.ide).toMatchObject({
      numero: 1234,
      serie: 1,
      modelo: '55',
      emissao: '2026-11-20T13:15:00.000Z',
      natureza_operacao: 'Venda de mercadoria',
      tipo: 'saida',
      ambiente: 'homologacao',
    });
    expect(nfe.emitente).toMatchObject({
      cnpj: '11222333000181',
      nome: 'Ferragens Exemplo Ltda',
      fantasia: 'Ferragens Exemplo',
      ie: '110042490114',
      endereco: { logradouro: 'Rua das Flores', municipio: 'São Paulo', uf: 'SP', cep: '01310100' },
    });
    expect(nfe.destinatario).toMatchObject({
      cnpj: '11444777000161',
      cpf: null,
      nome: 'Construtora Modelo S/A & Cia',
      email: 'compras@construtora.example',
    });
  });

  it('reads items with numbers as numbers and each tax from whichever group is present', () => {
    expect(nfe.itens).toHaveLength(2);
    expect(nfe.itens[0]).toMatchObject({
      numero_item: 1,
      codigo: 'PAR-08',
      descricao: 'Parafuso sextavado 8 mm',
      ncm: '73181500',
      cfop: '5102',
      unidade: 'CX',
      quantidade: 10,
      valor_unitario: 25.5,
      valor_total: 255,
      impostos: {
        total_tributos: 60.12,
        icms: { grupo: 'ICMS00', cst: '00', base_calculo: 255, aliquota: 18, valor: 45.9 },
        ipi: { grupo: 'IPITrib', cst: '50', base_calculo: 255, aliquota: 5, valor: 12.75 },
        pis: { grupo: 'PISAliq', cst: '01', aliquota: 1.65, valor: 4.21 },
        cofins: { grupo: 'COFINSAliq', cst: '01', aliquota: 7.6, valor: 19.38 },
      },
    });
    expect(nfe.itens[1]?.impostos).toMatchObject({
      icms: { grupo: 'ICMS20', reducao_base_calculo: 33.33, base_calculo: 26.67 },
      ipi: { grupo: 'IPINT', cst: '53', valor: null },
      pis: { grupo: 'PISNT', cst: '07' },
    });
  });

  it('reads totals, carriage, billing, payment, notes and protocol; lists stay lists', () => {
    expect(nfe.totais).toMatchObject({
      produtos: 300,
      desconto: 5,
      ipi: 12.75,
      valor_nota: 307.75,
    });
    expect(nfe.transporte.volumes).toEqual([
      {
        quantidade: 2,
        especie: 'CAIXA',
        marca: 'FE',
        numeracao: null,
        peso_liquido: 12.5,
        peso_bruto: 13.1,
      },
    ]);
    expect(nfe.transporte.transportadora).toMatchObject({ nome: 'Transportes Rápidos Ltda' });
    expect(nfe.cobranca?.duplicatas).toEqual([
      { numero: '001', vencimento: '2026-12-20', valor: 153.88 },
      { numero: '002', vencimento: '2027-01-19', valor: 153.87 },
    ]);
    expect(nfe.pagamento.formas).toEqual([
      { indicador: '1', meio: '15', meio_nome: 'Boleto bancário', descricao: null, valor: 307.75 },
    ]);
    expect(nfe.informacoes_adicionais.observacoes).toEqual([{ campo: 'Vendedor', texto: 'Ana' }]);
    expect(nfe.protocolo).toMatchObject({ numero: '135260000123456', status: 100 });
  });

  it('reads a bare NFe without signature nor protocol, one item still a list', () => {
    const bare = sampleNfe
      .replace(/<nfeProc[^>]*>/, '')
      .replace(/<protNFe.*<\/nfeProc>/s, '')
      .replace('<NFe>', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">')
      .replace(/<det nItem="2">.*?<\/det>/s, '');
    const nfe = readNfe(bare);
    expect(nfe.itens).toHaveLength(1);
    expect(nfe.transporte.volumes).toHaveLength(1);
    expect(nfe.protocolo).toBeNull();
    expect(nfe.assinatura).toEqual({
      valida: false,
      motivo: 'A NF-e não tem assinatura digital (grupo Signature).',
      certificado: null,
      emitente_confere: null,
    });
  });
});

describe('readNfe, the signature', () => {
  it('verifies the NF-e signed here, RSA-SHA1 and RSA-SHA256, naming the certificate', () => {
    expect(readNfe(signed).assinatura).toMatchObject({
      valida: true,
      certificado: { titular: 'FERRAGENS EXEMPLO LTDA:11222333000181', cnpj: '11222333000181' },
    });
    expect(checkNfeSignature(signNfe(sampleNfe, signer, true)).valida).toBe(true);
  });

  it('finds one value changed after signing, and returns the data as it is now', () => {
    const altered = signed.replace(
      '<vUnCom>25.5000000000</vUnCom>',
      '<vUnCom>2.5500000000</vUnCom>',
    );
    const nfe = readNfe(altered);
    expect(nfe.assinatura.valida).toBe(false);
    expect(nfe.assinatura.motivo).toMatch(/alterado depois de assinado/);
    expect(nfe.itens[0]?.valor_unitario).toBe(2.55);
  });

  it("says when a valid signature is another company's, not the emitter's", () => {
    const stranger = createTestSigner('OUTRA EMPRESA LTDA', '11444777000161');
    expect(checkNfeSignature(signNfe(sampleNfe, stranger))).toMatchObject({
      valida: true,
      emitente_confere: false,
    });
    // The sample's protocol records no digVal: it cannot vouch for this signature.
    expect(readNfe(signed).protocolo).toMatchObject({ resumo: null, resumo_confere: false });
  });

  it("refuses another key's certificate in KeyInfo", () => {
    const other = createTestSigner('OUTRA EMPRESA LTDA', '11444777000161');
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
    const swapped = signed.replace(body(signer.certificate), body(other.certificate));
    expect(checkNfeSignature(swapped)).toMatchObject({
      valida: false,
      motivo: 'O valor da assinatura (SignatureValue) não confere com o certificado do emitente.',
      certificado: { titular: 'OUTRA EMPRESA LTDA:11444777000161' },
    });
  });

  it('refuses a signature of another element, another algorithm or a second infNFe', () => {
    const renamed = signed.replace(
      'Id="NFe35261111222333000181550010000012341123456780"',
      'Id="NFe35261111222333000181550010000012341123456798"',
    );
    expect(checkNfeSignature(renamed).motivo).toBe(
      'A assinatura não se refere ao infNFe desta nota (esperado "#NFe35261111222333000181550010000012341123456798", veio "#NFe35261111222333000181550010000012341123456780").',
    );
    const hmac = signed.replace('xmldsig#rsa-sha1', 'xmldsig#hmac-sha1');
    expect(checkNfeSignature(hmac).motivo).toMatch(/^Algoritmo de assinatura não aceito/);
    // Signature wrapping: the signed infNFe kept aside, a forged one in its place.
    const signedInf = signed.match(/<infNFe.*<\/infNFe>/s)![0];
    const wrapped = signed.replace(
      '</NFe>',
      `</NFe><NFe>${signedInf.replace('<vNF>307.75</vNF>', '<vNF>1.00</vNF>')}</NFe>`,
    );
    expect(() => readNfe(wrapped)).toThrow('O XML tem 2 grupos infNFe; uma NF-e tem um só.');
  });
});

describe('readNfe, what is not an NF-e', () => {
  it('refuses a DOCTYPE, a file over 5 MB, broken XML and another root, in pt-BR', () => {
    expect(() => readNfe(`<!DOCTYPE x [<!ENTITY a "b">]>${sampleNfe}`)).toThrow(
      'O XML da NF-e não pode ter DOCTYPE nem entidades declaradas.',
    );
    expect(() => readNfe(`${signed}<!--${'x'.repeat(5 * 1024 * 1024)}-->`)).toThrow(
      'O XML da NF-e passa do limite de 5 MB.',
    );
    expect(() => readNfe('<nfeProc><NFe>')).toThrow('O conteúdo não é um XML bem formado.');
    expect(() => readNfe('<CTe><infCte/></CTe>')).toThrow(
      'O XML não é uma NF-e: a raiz é <CTe>, esperada <nfeProc> ou <NFe>.',
    );
    expect(() => readNfe('')).toThrow('Informe o XML da NF-e.');
  });
});
