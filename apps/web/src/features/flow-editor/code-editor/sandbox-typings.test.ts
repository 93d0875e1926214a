import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { sandboxGlobals } from '@ponte/shared/sandbox-globals';
import { sandboxSnippets, sandboxTypings } from './sandbox-typings';

/** Helpers with a snippet in the editor: the sandbox's own, not console/timers/fetch. */
const snippetHelpers = sandboxGlobals.filter(
  (name) => !['log', 'console', 'setTimeout', 'clearTimeout', 'fetch'].includes(name),
);

/** Type-checks `code` (the body of an async function, as the sandbox runs it) against the typings. */
function diagnostics(code: string): string[] {
  const files: Record<string, string> = {
    'sandbox.d.ts': sandboxTypings,
    'user.ts': `export {};\nasync function run(): Promise<unknown> {\n${code}\n}\nvoid run;\n`,
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

describe('sandbox typings', () => {
  it('declares exactly the names the sandbox defines, each with a pt-BR doc comment', () => {
    const declared = [
      ...sandboxTypings.matchAll(/^declare (?:let|const|function|class) (\w+)/gm),
    ].map((match) => match[1]!);
    expect([...new Set(declared)].sort()).toEqual([...sandboxGlobals].sort());
    for (const name of sandboxGlobals) {
      const declaration = new RegExp(
        `/\\*\\*(?:(?!\\*/)[\\s\\S])+\\*/\\s*declare (let|const|function|class) ${name}\\b`,
      );
      expect(sandboxTypings, name).toMatch(declaration);
    }
  });

  it('matches the real signatures: getVar is async, the flow data helpers are not', () => {
    expect(sandboxTypings).toContain(
      'declare function getVar(key: string): Promise<string | null>;',
    );
    expect(sandboxTypings).toContain('declare function getFlowData(path?: string): any;');
    expect(sandboxTypings).toContain(
      'declare function setFlowData(path: string, value: unknown): void;',
    );
    expect(sandboxTypings).toContain('declare function toSlug(text: string): string;');
    expect(sandboxTypings).toContain(
      'declare function jsonStringify(value: unknown, indent?: number): string;',
    );
  });

  it('type-checks code that uses every helper as the sandbox offers it', () => {
    const code = `
      const token: string | null = await getVar('API_TOKEN');
      const id = getFlowData('pedido.id');
      setFlowData('pedido.total', msg.payload.total);
      const slug: string = toSlug('Olá Mundo');
      const json: string = jsonStringify(msg, 2);
      const quando: string = moment().add(1, 'day').format('DD/MM/YYYY');
      const { data } = await axios.get('https://api.exemplo.com.br', { params: { id } });
      const openai = new OpenAI({ apiKey: token });
      const resposta = await openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Olá' }],
      });
      const base64: string = Buffer.from('a:b').toString('base64');
      console.log(slug, json, quando, data, resposta, base64);
      const answer = await fetch('https://api.exemplo.com.br');
      msg.payload = await answer.json();
      return msg;
    `;
    expect(diagnostics(code)).toEqual([]);
  });

  it('catches misuse, so the editor can point it out', () => {
    expect(diagnostics(`const value: string = await getVar(1);`).join('\n')).toMatch(
      /not assignable/,
    );
    expect(diagnostics(`setFlowData();`).join('\n')).toMatch(/Expected 2 arguments/);
    expect(diagnostics(`document.title;`).join('\n')).toMatch(/Cannot find name 'document'/);
  });

  it('offers one snippet per helper', () => {
    expect(sandboxSnippets.map((snippet) => snippet.name).sort()).toEqual(
      [...snippetHelpers].sort(),
    );
    for (const snippet of sandboxSnippets) {
      expect(snippet.insertText, snippet.name).toContain(snippet.name);
      expect(snippet.documentation, snippet.name).not.toBe('');
    }
  });
});
