import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { newCustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeParam, CustomNodeParamType } from '@ponte/shared/custom-nodes.schema';
import { sandboxTypings } from '../flow-editor/code-editor/sandbox-typings';
import { handlerTypings } from './handler-typings';

function param(
  type: CustomNodeParamType,
  name: string,
  extra: Partial<CustomNodeParam> = {},
): CustomNodeParam {
  return { ...newCustomNodeParam(type, 0), name, label: name.toUpperCase(), ...extra };
}

const params: CustomNodeParam[] = [
  param('text', 'cep', { is_required: true, label: 'CEP */ declare const x: 1; /*', position: 0 }),
  param('select', 'formato', {
    options: [
      { label: 'Com traço', value: 'traco' },
      { label: 'Só números', value: 'numeros' },
    ],
    position: 1,
  }),
  param('table-params', 'cabecalhos', {
    columns: [
      { key: 'nome', label: 'Nome', type: 'text' },
      { key: 'valor', label: 'Valor', type: 'text' },
    ],
    position: 2,
  }),
  param('service_account', 'conta', { position: 3 }),
  param('text', '1invalido', { position: 4 }),
];

/** Type-checks handler code against the sandbox's typings and the connector's. */
function diagnostics(code: string, list = params): string[] {
  const files: Record<string, string> = {
    'sandbox.d.ts': sandboxTypings,
    'connector.d.ts': handlerTypings(list),
    'user.ts': `export {};\n${code}\n`,
  };
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020,
    lib: ['lib.es2020.d.ts'],
    strict: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name in files ? ts.createSourceFile(name, files[name]!, version) : getSourceFile(name, version);
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((item) => ts.flattenDiagnosticMessageText(item.messageText, '\n'));
}

describe('handler typings', () => {
  it('type-checks a handler that reads its params and calls a service account', () => {
    const code = `
      const handler: PonteConnectorHandler = async (msg, p) => {
        const cep: string = String(p.cep).replace(/\\D/g, '');
        const formato: 'traco' | 'numeros' | undefined = p.formato;
        const headers = (p.cabecalhos ?? []).map((row) => [row.nome, row.valor]);
        const { data } = await serviceAccount('conta').get('/cep/' + cep, {
          headers: Object.fromEntries(headers),
        });
        return { ...msg, payload: { cep, formato, data, slug: toSlug(cep) } };
      };
      void handler;
      const direto: string | undefined = params.conta;
      void direto;
    `;
    expect(diagnostics(code)).toEqual([]);
  });

  it('catches a param the connector does not have, and names the service account params', () => {
    expect(diagnostics('params.naoExiste;').join('\n')).toMatch(/naoExiste/);
    // The sandbox typings declare serviceAccount(name: string) for every editor; this overload
    // names the connector's own service account params, which the editor completes.
    expect(handlerTypings(params)).toContain('declare function serviceAccount(name: "conta")');
    expect(diagnostics("const f: 'outro' = params.formato!;").join('\n')).toMatch(/not assignable/);
  });

  it('takes any name for serviceAccount when no param is a service account', () => {
    expect(diagnostics("serviceAccount('qualquer');", [params[0]!])).toEqual([]);
  });

  it('leaves out names that are not identifiers, and a label cannot close its comment', () => {
    const typings = handlerTypings(params);
    expect(typings).not.toContain('1invalido');
    expect(typings).toContain('/** CEP *\\/ declare const x: 1; /* (Texto, obrigatório). */');
    expect(diagnostics('const cep: string = params.cep;')).toEqual([]);
  });

  it('describes each declaration in pt-BR', () => {
    const typings = handlerTypings(params);
    expect(typings).toMatch(/\*\/\s*declare const params: PonteConnectorParams;/);
    expect(typings).toMatch(
      /\*\/\s*declare function serviceAccount\(name: "conta"\): AxiosInstance;/,
    );
    expect(typings).toContain('Um cliente axios autenticado com a conta de serviço escolhida');
    expect(typings).toContain('/** FORMATO (Lista de seleção). */');
  });
});
