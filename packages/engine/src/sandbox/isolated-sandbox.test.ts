import { afterAll, describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../ports';
import { testScope } from '../testing/fake-ports';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost } from './sandbox';

const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 2000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

function fakeHost(answer?: (request: Omit<HttpRequest, 'signal'>) => HttpResponse) {
  const flow: Record<string, unknown> = { contador: 1 };
  const logs: [string, string][] = [];
  const requests: Omit<HttpRequest, 'signal'>[] = [];
  const host: SandboxHost = {
    getVar: async (key) => ({ TOKEN: 'abc' })[key],
    getFlowData: (path) => (path ? flow[path] : flow),
    setFlowData: (path, value) => void (flow[path] = value),
    log: (level, text) => void logs.push([level, text]),
    fetch: async (request) => {
      requests.push(request);
      return (
        answer?.(request) ?? {
          status: 200,
          statusText: 'OK',
          headers: { 'content-type': 'application/json' },
          body: new TextEncoder().encode(
            JSON.stringify({ ok: true, recebido: request.body ? String(request.body) : null }),
          ),
        }
      );
    },
  };
  return { host, flow, logs, requests };
}

const run = (code: string, extra: Partial<Parameters<typeof sandbox.run>[0]> = {}) =>
  sandbox.run({
    code,
    scope: testScope,
    msg: { payload: { n: 2 } },
    host: fakeHost().host,
    signal: new AbortController().signal,
    ...extra,
  });

describe('isolated sandbox', () => {
  it('runs the body of an async function with msg and params, returning data', async () => {
    expect(await run('msg.payload.n *= 10; return msg;')).toEqual({ payload: { n: 20 } });
    expect(await run('return params.taxa * msg.payload.n', { params: { taxa: 3 } })).toBe(6);
    // No return: msg goes on with the code's changes.
    expect(await run("msg.payload.saudacao = 'Olá ' + msg.payload.n")).toEqual({
      payload: { n: 2, saudacao: 'Olá 2' },
    });
    expect(await run('await null; return [1, "dois", { tres: 3 }]')).toEqual([
      1,
      'dois',
      { tres: 3 },
    ]);
  });

  it('gives the helpers: getVar, flow data, console, toSlug, jsonStringify', async () => {
    const { host, flow, logs } = fakeHost();
    const result = await run(
      `const token = await getVar('TOKEN');
       setFlowData('contador', getFlowData('contador') + 1);
       console.log('olá', { a: 1 }); console.error('falhou'); log('direto');
       const ciclo = { nome: 'x' }; ciclo.eu = ciclo;
       return { token, slug: toSlug('  Ação Rápida: São Paulo! '), json: jsonStringify(ciclo) };`,
      { host },
    );
    expect(result).toEqual({
      token: 'abc',
      slug: 'acao-rapida-sao-paulo',
      json: '{"nome":"x","eu":"[Circular]"}',
    });
    expect(flow.contador).toBe(2);
    expect(logs).toEqual([
      ['log', 'olá {"a":1}'],
      ['error', 'falhou'],
      ['log', 'direto'],
    ]);
  });

  it('has Buffer and moment in pt-BR', async () => {
    expect(await run(`return Buffer.from('olá').toString('base64')`)).toBe('b2zDoQ==');
    expect(await run(`return moment('2026-03-05T10:00:00Z').utc().format('LL')`)).toBe(
      '5 de março de 2026',
    );
  });

  it('reaches the network through the host with fetch and axios', async () => {
    const { host, requests } = fakeHost();
    const viaFetch = await run(
      `const r = await fetch('https://api.exemplo.com/a', { method: 'POST', headers: { 'X-Chave': '1' }, body: JSON.stringify({ a: 1 }) });
       return { status: r.status, ok: r.ok, tipo: r.headers.get('Content-Type'), corpo: await r.json() };`,
      { host },
    );
    expect(viaFetch).toEqual({
      status: 200,
      ok: true,
      tipo: 'application/json',
      corpo: { ok: true, recebido: '{"a":1}' },
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.exemplo.com/a',
      headers: { 'x-chave': '1' },
    });

    const viaAxios = await run(
      `const r = await axios.post('https://api.exemplo.com/b', { b: 2 }, { params: { q: 'x y' } }); return { status: r.status, data: r.data };`,
      { host },
    );
    expect(viaAxios).toEqual({ status: 200, data: { ok: true, recebido: '{"b":2}' } });
    expect(requests[1]).toMatchObject({ method: 'POST', url: 'https://api.exemplo.com/b?q=x+y' });
    expect(requests[1]!.headers['Content-Type'] ?? requests[1]!.headers['content-type']).toMatch(
      /application\/json/,
    );
  });

  it('turns a non-2xx answer into an axios error the code can catch', async () => {
    const { host } = fakeHost(() => ({
      status: 404,
      statusText: 'Not Found',
      headers: {},
      body: new TextEncoder().encode('nada'),
    }));
    const result = await run(
      `try { await axios.get('https://api.exemplo.com/x'); return 'não falhou'; } catch (e) { return { status: e.response.status, msg: e.message }; }`,
      { host },
    );
    expect(result).toEqual({ status: 404, msg: 'Request failed with status code 404' });
  });

  it('calls OpenAI through the same bridge', async () => {
    const { host, requests } = fakeHost(() => ({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Olá!' } }],
        }),
      ),
    }));
    const result = await run(
      `const client = new OpenAI({ apiKey: await getVar('TOKEN') });
       const r = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'oi' }] });
       return r.choices[0].message.content;`,
      { host },
    );
    expect(result).toBe('Olá!');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.openai.com/v1/chat/completions',
    });
    expect(requests[0]!.headers.authorization).toBe('Bearer abc');
  });

  it("hands the network's refusal to the code as its error, for fetch and axios", async () => {
    const refusal = 'Endereço bloqueado pela proteção de rede: 169.254.169.254 (link-local).';
    const { host } = fakeHost(() => {
      throw new Error(refusal);
    });
    await expect(
      run(`await fetch('http://169.254.169.254/latest/meta-data/')`, { host }),
    ).rejects.toThrow(`Erro no código: ${refusal}`);
    const viaAxios = await run(
      `try { await axios.get('http://169.254.169.254/'); } catch (e) { return e.message; }`,
      { host },
    );
    expect(viaAxios).toBe(refusal);
  });

  it('reports a user error and a syntax error in pt-BR', async () => {
    await expect(run(`throw new Error('estoque vazio')`)).rejects.toThrow(
      'Erro no código: estoque vazio',
    );
    await expect(run(`return msg.payload.nada.campo`)).rejects.toThrow(
      /^Erro no código: .*Cannot read properties of undefined/,
    );
    await expect(run(`return {`)).rejects.toThrow(/^Erro de sintaxe no código: Unexpected token/);
  });
});
