import { describe, expect, it } from 'vitest';
import {
  hasSensitiveData,
  maskLabel,
  registerQuerySchema,
  registerStatusOf,
  retentionLabel,
} from './register.schema';

describe('the register of processing', () => {
  it.each([
    [undefined, 'none'],
    [{ purpose: '   ', retention_note: '' }, 'none'],
    [{ retention_note: '5 anos' }, 'partial'],
    [{ purpose: 'Cobrança', legal_basis: 'contract' as const }, 'partial'],
    [
      {
        purpose: 'Cobrança',
        legal_basis: 'contract' as const,
        data_categories: ['financial' as const],
      },
      'complete',
    ],
  ])('calls %j %s', (fields, status) => {
    expect(registerStatusOf(fields)).toBe(status);
  });

  it('tells the sensitive categories', () => {
    expect(hasSensitiveData(['contact', 'financial'])).toBe(false);
    expect(hasSensitiveData(['contact', 'children'])).toBe(true);
  });

  it('says the masking and the retention as the register shows them', () => {
    expect(maskLabel({ mask: 'on', masked: true })).toBe('Ligado');
    expect(maskLabel({ mask: 'off', masked: false })).toBe('Desligado');
    expect(maskLabel({ mask: 'default', masked: true })).toBe('Padrão da instância (ligado)');
    expect(maskLabel({ mask: 'default', masked: null })).toBe('Padrão da instância');
    expect(retentionLabel({ retention_days: 1, retention_own: true })).toBe('1 dia');
    expect(retentionLabel({ retention_days: 30, retention_own: false })).toBe(
      '30 dias (padrão da instância)',
    );
  });

  it('reads the query without ever refusing it', () => {
    expect(registerQuerySchema.parse({ missing: 'true', page: '2' })).toEqual({
      page: 2,
      limit: 50,
      missing: true,
    });
    expect(registerQuerySchema.parse({ missing: 'talvez', limit: '5000' })).toEqual({
      page: 1,
      limit: 1000,
      missing: false,
    });
  });
});
