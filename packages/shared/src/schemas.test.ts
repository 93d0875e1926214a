import { describe, expect, it } from 'vitest';
import { groupBodySchema } from './groups.schema';
import { variableBodySchema } from './variables.schema';
import { setupBodySchema } from './account.schema';
import { messages } from './messages';
import { flowConfigSchema } from './flows.schema';

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('group body', () => {
  it('trims the name and requires it', () => {
    expect(groupBodySchema.parse({ name: '  Vendas ' })).toEqual({ name: 'Vendas' });
    expect(firstError(groupBodySchema.safeParse({ name: '   ' }))).toBe(
      messages.groups.nameRequired,
    );
    expect(firstError(groupBodySchema.safeParse({}))).toBe(messages.groups.nameRequired);
  });

  it('refuses more than 50 characters', () => {
    expect(firstError(groupBodySchema.safeParse({ name: 'x'.repeat(51) }))).toBe(
      messages.groups.nameTooLong,
    );
    expect(groupBodySchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
  });
});

describe('variable body', () => {
  it('requires name and key and accepts an empty value', () => {
    expect(variableBodySchema.parse({ name: 'Token', key: 'API_TOKEN' })).toMatchObject({
      value: '',
    });
    expect(firstError(variableBodySchema.safeParse({ key: 'A' }))).toBe(
      messages.variables.nameRequired,
    );
  });

  it('refuses keys that are not identifiers', () => {
    expect(firstError(variableBodySchema.safeParse({ name: 'x', key: '1abc' }))).toBe(
      messages.variables.keyPattern,
    );
    expect(firstError(variableBodySchema.safeParse({ name: 'x', key: 'a-b' }))).toBe(
      messages.variables.keyPattern,
    );
  });
});

describe('first account', () => {
  it('lower-cases the e-mail and checks the password length', () => {
    const ok = setupBodySchema.parse({
      name: 'Ana',
      email: ' Ana@Exemplo.com.br ',
      password: '12345678',
      workspace_name: 'Principal',
    });
    expect(ok.email).toBe('ana@exemplo.com.br');
    expect(
      firstError(
        setupBodySchema.safeParse({
          name: 'Ana',
          email: 'ana@x.com',
          password: '123',
          workspace_name: 'W',
        }),
      ),
    ).toBe(messages.account.passwordTooShort);
    expect(
      firstError(
        setupBodySchema.safeParse({
          name: 'Ana',
          email: 'ana',
          password: '12345678',
          workspace_name: 'W',
        }),
      ),
    ).toBe(messages.account.emailInvalid);
  });
});

describe('flow config', () => {
  it('keeps the rate limit an integer the database can store', () => {
    expect(flowConfigSchema.parse({ rate_limit: '7.9' })).toEqual({ rate_limit: 7 });
    expect(flowConfigSchema.parse({ rate_limit: -3 })).toEqual({ rate_limit: 0 });
    expect(flowConfigSchema.parse({ rate_limit: 3e9 })).toEqual({ rate_limit: 1_000_000 });
    expect(flowConfigSchema.parse({ rate_limit: '1e400' })).toEqual({ rate_limit: 1_000_000 });
  });
});
