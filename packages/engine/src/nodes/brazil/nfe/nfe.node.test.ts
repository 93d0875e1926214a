import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import publishedNfe from './fixtures/nfe-layout4-com-prot.xml?raw';
import sampleNfe from './fixtures/nfe-sample.xml?raw';
import { nfeNode } from './nfe.node.ts';
import { createTestSigner, signNfe } from './nfe-test-signer';

// publishedNfe: nfephp-org/sped-nfe, tests/fixtures/xml/nfe_layout4_com_prot.xml (see
// read-nfe.test.ts); sampleNfe: made-up companies, signed here.

const payloadOf = async (params: Record<string, unknown>, input = { payload: {} }) => {
  const { emitted } = await runNode(nfeNode, { params, input });
  return emitted[0]?.msg.payload as Record<string, unknown>;
};

describe('core_nfe', () => {
  it('validates a chave de acesso from the message, reading its fields', async () => {
    const payload = await payloadOf(
      { operation: 'validate_key', key: '{{ msg.payload.chave }}' },
      { payload: { chave: 'NFe 4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301' } },
    );
    expect(payload).toMatchObject({
      valida: true,
      uf: { sigla: 'RS' },
      modelo: { nome: 'NF-e' },
      numero: 26,
    });
  });

  it('answers an invalid key with what is wrong, without failing the flow', async () => {
    const payload = await payloadOf({
      operation: 'validate_key',
      key: '43180906929383000163550010000000261000010309',
    });
    expect(payload).toEqual({
      valida: false,
      chave: '43180906929383000163550010000000261000010309',
      problemas: ['Dígito verificador errado: 9; o correto para esta chave é 1.'],
    });
  });

  it('reads the XML given by an expression, with the signature checked', async () => {
    const payload = await payloadOf(
      { operation: 'read_xml', source: 'content', xml: '{{ msg.payload }}' },
      { payload: publishedNfe as unknown as Record<string, never> },
    );
    expect(payload).toMatchObject({
      chave: '43180906929383000163550010000000261000010301',
      emitente: { cnpj: '06929383000163' },
      totais: { valor_nota: 500 },
      assinatura: { valida: true, certificado: { emissor: 'AC CNDL RFB' } },
    });
  });

  it('verifies the signature of an XML kept in the storage, by path or by reference', async () => {
    const signer = createTestSigner('FERRAGENS EXEMPLO LTDA', '11222333000181');
    const ports = createFakePorts();
    const bytes = Buffer.from(`\uFEFF${signNfe(sampleNfe, signer)}`, 'utf8');
    ports.storage.files.set('/notas/1234.xml', { content: bytes, mimetype: 'application/xml' });
    const byPath = await runNode(nfeNode, {
      ports,
      params: { operation: 'verify_signature', source: 'storage', path: '/notas/1234.xml' },
    });
    expect(byPath.emitted[0]?.msg.payload).toMatchObject({
      chave: '35261111222333000181550010000012341123456780',
      valida: true,
      certificado: { cnpj: '11222333000181' },
    });
    const byReference = await runNode(nfeNode, {
      ports,
      input: { payload: { path: '/notas/1234.xml', name: '1234.xml' } },
      params: { operation: 'read_xml', source: 'content', xml: '{{ msg.payload }}' },
    });
    expect(byReference.emitted[0]?.msg.payload).toMatchObject({ ide: { numero: 1234 } });
  });

  it('fails in pt-BR on a missing file, a file over 5 MB and something not XML', async () => {
    const ports = createFakePorts();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    ports.storage.files.set('/grande.xml', { content: big, mimetype: 'application/xml' });
    const run = (params: Record<string, unknown>) => runNode(nfeNode, { ports, params });
    const fromStorage = { operation: 'read_xml', source: 'storage' };
    await expect(run({ ...fromStorage, path: '/nao-existe.xml' })).rejects.toThrow(
      messages.storage.notFound,
    );
    await expect(run({ ...fromStorage, path: '/grande.xml' })).rejects.toThrow(
      'O XML da NF-e passa do limite de 5 MB.',
    );
    await expect(
      run({ operation: 'read_xml', source: 'content', xml: 'não é XML' }),
    ).rejects.toThrow('O conteúdo não é um XML bem formado.');
    await expect(
      runNode(nfeNode, {
        input: { payload: [1, 2] },
        params: { operation: 'verify_signature', xml: '{{ msg.payload }}' },
      }),
    ).rejects.toThrow('O parâmetro "XML" deve ser o texto do XML da NF-e');
  });
});
