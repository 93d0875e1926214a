import { describe, expect, it } from 'vitest';
import { postgresError } from './pg-errors';
import { parsePostgresUri } from './postgres-uri';

const target = parsePostgresUri('postgres://ana:s%40nha-forte@db.example:5432/loja');

describe('postgresError', () => {
  it('answers a refused password in pt-BR, without the password', () => {
    const refused = Object.assign(new Error('password authentication failed for user "ana"'), {
      code: '28P01',
    });
    expect(postgresError(refused, target, 1000).message).toBe(
      'O banco de dados db.example:5432 recusou o usuário ou a senha.',
    );
  });

  it('never repeats the password or a URI the driver quoted', () => {
    const quoted = new Error('falhou postgres://ana:s%40nha-forte@db.example/loja com s@nha-forte');
    const message = postgresError(quoted, target, 1000).message;
    expect(message).not.toContain('s@nha-forte');
    expect(message).not.toContain('s%40nha-forte');
    expect(message).toContain('Falha ao consultar o banco de dados db.example:5432');
  });
});
