import { describe, expect, it } from 'vitest';
import { crossingError, withoutServerPaths } from './host-error';

describe('host errors crossing into the sandbox', () => {
  it('hides the paths of a system error (ENOENT), keeping the file name and the code', () => {
    const file = '/opt/empresa/ponte/data/storage/ws-1/relatorio.csv';
    const error = Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), {
      code: 'ENOENT',
      errno: -2,
      syscall: 'open',
      path: file,
    });
    expect(crossingError(error)).toEqual({
      name: 'Error',
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, open '…/relatorio.csv'",
    });
  });

  it('hides absolute paths wherever Ponte runs, and bundle frames with their lines', () => {
    expect(
      withoutServerPaths('Falha em /qualquer/pasta/dist/main.js:120:15 ao gravar os dados.'),
    ).toBe('Falha em …/main.js ao gravar os dados.');
    expect(withoutServerPaths('Arquivo C:\\Ponte\\dist\\main.js não encontrado')).toBe(
      'Arquivo …/main.js não encontrado',
    );
    expect(withoutServerPaths('Não abriu file:///srv/ponte/node_modules/pg/lib/client.js')).toBe(
      'Não abriu …/client.js',
    );
    expect(
      withoutServerPaths('Falhou.\n    at Object.fail (/srv/ponte/dist/main.js:1:2)\n    at x'),
    ).toBe('Falhou.');
  });

  it('keeps URLs, MIME types and the text a person wrote', () => {
    for (const text of [
      'URL inválida: https://api.exemplo.com.br/v1/clientes?x=1',
      'A resposta não é application/json (veio text/html).',
      'Caminho não permitido: __proto__.x',
      'Status 404 em http://127.0.0.1:8080/a/b',
      'O caminho /x não existe.',
    ]) {
      expect(withoutServerPaths(text)).toBe(text);
    }
  });

  it('keeps a safe name and code, and nothing else of the error', () => {
    const error = Object.assign(new TypeError('valor inválido'), {
      code: 'invalid_value',
      cause: new Error('/srv/ponte/segredo'),
      secret: 'x',
    });
    expect(crossingError(error)).toEqual({
      name: 'TypeError',
      code: 'invalid_value',
      message: 'valor inválido',
    });
    const odd = Object.assign(new Error('falhou'), { name: 'Erro em /srv/x', code: 42 });
    expect(crossingError(odd)).toEqual({ name: 'Error', message: 'falhou' });
    expect(crossingError('texto /srv/ponte/dist/main.js')).toEqual({
      name: 'Error',
      message: 'texto …/main.js',
    });
  });
});
