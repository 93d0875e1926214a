import { describe, expect, it } from 'vitest';
import type { RegisterEntry } from '@ponte/shared/lgpd/register.schema';
import { registerPdf, registerPdfTitle } from './register-pdf';

/**
 * The text an uncompressed PDF of pdfkit shows: each `[<hex> kerning <hex>] TJ` is one run of
 * text in WinAnsi (Latin-1 for pt-BR), its pieces joined.
 */
function shownText(pdf: Buffer): string {
  const content = pdf.toString('latin1');
  const runs = [...content.matchAll(/\[([^\]]*)\] TJ/g)].map(([, inside]) =>
    [...(inside ?? '').matchAll(/<([0-9a-f]*)>/g)]
      .map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1'))
      .join(''),
  );
  return runs.join('\n');
}

const entry = (over: Partial<RegisterEntry>): RegisterEntry => ({
  flow_id: 'f1',
  name: 'Notas fiscais',
  group: null,
  group_name: null,
  enabled: true,
  status: 'complete',
  purpose: 'Enviar a nota fiscal ao cliente.',
  legal_basis: 'contract',
  data_categories: ['contact', 'health'],
  retention_note: '5 anos após o fim do contrato',
  retention_days: 90,
  retention_own: true,
  mask: 'on',
  masked: true,
  updated_at: '2026-03-10T15:00:00.000Z',
  ...over,
});

const heading = {
  workspace: 'Loja Exemplo',
  generatedAt: '11/03/2026 09:30',
  generatedBy: 'Ana Souza',
  instance: 'Retenção padrão da instância dos logs e dados das execuções: 30 dias.',
};

describe('registerPdf', () => {
  it('writes the title, who and when, and every flow with its fields or "Sem registro"', async () => {
    const pdf = await registerPdf(
      [
        entry({}),
        entry({
          flow_id: 'f2',
          name: 'Boas-vindas',
          status: 'none',
          purpose: '',
          legal_basis: null,
          data_categories: [],
          retention_note: '',
          retention_own: false,
          retention_days: 30,
          mask: 'default',
          masked: null,
        }),
      ],
      heading,
      { compress: false },
    );
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = shownText(pdf);
    for (const expected of [
      registerPdfTitle,
      'Loja Exemplo',
      '11/03/2026 09:30 (horário de Brasília)',
      'Ana Souza',
      '2 flows: 1 com registro completo, 0 com registro incompleto e 1 sem registro.',
      'Notas fiscais',
      'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)',
      'Contato (e-mail, telefone, endereço); Saúde (sensível)',
      '5 anos após o fim do contrato',
      '90 dias',
      'Boas-vindas',
      'Sem registro',
      '30 dias (padrão da instância)',
      'Padrão da instância',
      'página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is A4 in landscape and compressed by default', async () => {
    const pdf = (await registerPdf([entry({})], heading)).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(pdf).toContain('/FlateDecode');
  });
});
