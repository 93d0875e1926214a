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
    const limit = (value: unknown) => flowConfigSchema.parse({ rate_limit: value }).rate_limit;
    expect(limit('7.9')).toBe(7);
    expect(limit(-3)).toBe(0);
    expect(limit(3e9)).toBe(1_000_000);
    expect(limit('1e400')).toBe(1_000_000);
  });

  it('reads a flow without a save setting as the instance default, and refuses an unknown one', () => {
    expect(flowConfigSchema.parse({ rate_limit: 0 })).toEqual({
      rate_limit: 0,
      save_executions: 'default',
      continue_unawaited: true,
    });
    expect(flowConfigSchema.parse({ save_executions: 'none' }).save_executions).toBe('none');
    expect(flowConfigSchema.safeParse({ save_executions: 'tudo' }).success).toBe(false);
  });
});
