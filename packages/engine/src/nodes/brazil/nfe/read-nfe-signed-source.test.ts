import { describe, expect, it, vi } from 'vitest';
import sampleNfe from './fixtures/nfe-sample.xml?raw';
import type * as signature from './nfe-signature';
import { readNfe } from './read-nfe';

/*
 * Signature wrapping: the data returned must be read from the canonical text the signature
 * verification digested, never from the document again. With a real verifier both are the
 * same text, so here the verifier is stubbed to hand back a canonical infNFe that differs
 * from the document's: the JSON must follow the verified text.
 */
const verifiedInfNFe = sampleNfe
  .match(/<infNFe.*<\/infNFe>/s)![0]
  .replace('<vNF>307.75</vNF>', '<vNF>999.99</vNF>')
  .replace('<xNome>Ferragens Exemplo Ltda</xNome>', '<xNome>Emitente Verificado Ltda</xNome>');

vi.mock('./nfe-signature', async (original) => ({
  ...(await original<typeof signature>()),
  verifyNfeSignature: () => ({
    check: { valida: true, motivo: 'Assinatura válida (simulada).', certificado: null },
    signedInfNFe: verifiedInfNFe,
  }),
}));

describe('readNfe, where the data comes from', () => {
  it('reads the JSON from the verified canonical infNFe, not from the document', () => {
    expect(sampleNfe).toContain('<vNF>307.75</vNF>');
    const nfe = readNfe(sampleNfe);
    expect(nfe.assinatura.valida).toBe(true);
    expect(nfe.totais.valor_nota).toBe(999.99);
    expect(nfe.emitente.nome).toBe('Emitente Verificado Ltda');
  });
});
