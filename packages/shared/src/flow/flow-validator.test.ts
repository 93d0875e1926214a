import { describe, expect, it } from 'vitest';
import { flow, lookup, node } from './flow-test-fixtures';
import { validateFlow } from './flow-validator';

const trigger = node('t', 'core_manual_trigger');
const http = (uid = 'h', params: Record<string, unknown> = { url: 'https://x', method: 'GET' }) =>
  node(uid, 'core_http_request', params);

describe('validateFlow', () => {
  it('accepts a valid flow with no issues', () => {
    expect(validateFlow(flow([trigger, http()], [['t', 'h']]), lookup)).toEqual([]);
  });

  it('reports a malformed document by path', () => {
    const issues = validateFlow({ version: 1, nodes: [{ uid: 'x' }], edges: [] }, lookup);
    expect(issues[0]).toEqual({
      level: 'error',
      code: 'schema',
      message: 'O documento do fluxo é inválido em "nodes.0.type".',
    });
  });

  it('reports unknown and deprecated types, and duplicate uids', () => {
    const issues = validateFlow(
      flow(
        [
          trigger,
          node('x', 'nao_existe', {}, { label: 'Misterioso' }),
          node('o', 'core_old'),
          node('o', 'core_log'),
        ],
        [
          ['t', 'x'],
          ['t', 'o'],
        ],
      ),
      lookup,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'O conector "Misterioso" usa um tipo desconhecido: nao_existe.',
      'O conector "Antigo" (core_old) será removido em breve. Remova-o antes de salvar o fluxo.',
      'O identificador "o" é usado por mais de um conector.',
    ]);
    expect(issues.every((issue) => issue.level === 'error')).toBe(true);
  });

  it('runs the pinned version and refuses a version that no longer exists', () => {
    const pinned = node('l', 'core_log', {}, { typeVersion: 2 });
    expect(validateFlow(flow([trigger, pinned], [['t', 'l']]), lookup)).toEqual([]);
    const gone = node('l', 'core_log', {}, { label: 'Registrar', typeVersion: 7 });
    expect(validateFlow(flow([trigger, gone], [['t', 'l']]), lookup)).toEqual([
      {
        level: 'error',
        code: 'unknown_version',
        message:
          'O conector "Registrar" usa a versão 7 de core_log, que não existe mais nesta instalação.',
        node_uid: 'l',
      },
    ]);
  });

  it('reads a node without typeVersion as version 1', () => {
    const { typeVersion: _v, ...legacy } = node('l', 'core_log');
    const doc = { version: 1, nodes: [trigger, legacy], edges: flow([], [['t', 'l']]).edges };
    expect(
      validateFlow(doc, (type, version) => (version === 1 ? lookup(type, 1) : undefined)),
    ).toEqual([]);
  });

  it('refuses a node whose area does not exist yet, with the reason', () => {
    const email = node('e', 'core_send_email', {}, { label: 'Avisar' });
    expect(validateFlow(flow([trigger, email], [['t', 'e']]), lookup)).toEqual([
      {
        level: 'error',
        code: 'unavailable_type',
        message:
          'O conector "Avisar" (core_send_email) ainda não pode ser usado nesta instalação. Disponível quando as contas de serviço existirem.',
        node_uid: 'e',
      },
    ]);
  });

  it('checks only the params the chosen operation shows (showWhen)', () => {
    const check = (params: Record<string, unknown>) =>
      validateFlow(flow([trigger, node('s', 'svc_exemplo', params)], [['t', 's']]), lookup).map(
        (issue) => issue.message,
      );
    expect(check({})).toEqual([
      'O conector "Exemplo" não tem o parâmetro obrigatório "Texto" preenchido.',
    ]);
    expect(check({ operation: 'consultar' })).toEqual([]);
  });

  it('reports a missing required param and values of the wrong kind, but accepts expressions', () => {
    const issues = validateFlow(
      flow(
        [trigger, http('h', { url: ' ', method: 'PATCH', retries: 'três', headers: 'x' })],
        [['t', 'h']],
      ),
      lookup,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'O conector "Requisição HTTP" não tem o parâmetro obrigatório "URL" preenchido.',
      'O parâmetro "Método" do conector "Requisição HTTP" tem um valor que não está entre as opções: PATCH.',
      'O parâmetro "Tentativas" do conector "Requisição HTTP" deve ser um número.',
      'O parâmetro "Cabeçalhos" do conector "Requisição HTTP" deve ser uma tabela.',
    ]);
    expect(issues[0]?.node_uid).toBe('h');
    const withExpressions = http('h', {
      url: '{{ msg.payload.url }}',
      method: '{{ msg.payload.metodo }}',
      retries: '{{ 2 }}',
    });
    expect(validateFlow(flow([trigger, withExpressions], [['t', 'h']]), lookup)).toEqual([]);
  });

  it('takes a number param typed as Brazilians type it, as the engine reads it', () => {
    for (const retries of ['1.234', '1,5', '2.5']) {
      const typed = http('h', { url: 'https://x', method: 'GET', retries });
      expect(validateFlow(flow([trigger, typed], [['t', 'h']]), lookup), retries).toEqual([]);
    }
    const wrong = http('h', { url: 'https://x', method: 'GET', retries: '1,234.5' });
    expect(validateFlow(flow([trigger, wrong], [['t', 'h']]), lookup)).toHaveLength(1);
  });

  it('reports edges to missing nodes and from outputs the node does not have', () => {
    const doc = flow(
      [trigger, node('c', 'core_condition'), http()],
      [
        ['t', 'c'],
        ['c', 'h', 'talvez'],
        ['c', 'h', 'true'],
        ['h', 'fantasma'],
      ],
    );
    expect(validateFlow(doc, lookup).map((issue) => issue.message)).toEqual([
      'A conexão c:talvez->h sai de uma saída que o conector "Condição" não tem: talvez.',
      'A conexão h:default->fantasma aponta para um conector que não existe: fantasma.',
    ]);
  });

  it('accepts the implicit error output and the outputs named by switch rules', () => {
    const sw = node('s', 'core_switch', { rules: [{ output: 'alto', condition: 'x' }] });
    const doc = flow(
      [trigger, sw, http('a'), http('b'), http('c')],
      [
        ['t', 's'],
        ['s', 'a', 'alto'],
        ['s', 'b', 'default'],
        ['a', 'c', 'error'],
      ],
    );
    expect(validateFlow(doc, lookup)).toEqual([]);
    const broken = flow(
      [trigger, sw, http('a')],
      [
        ['t', 's'],
        ['s', 'a', 'baixo'],
      ],
    );
    expect(validateFlow(broken, lookup)[0]?.message).toContain('não tem: baixo');
  });

  it('requires a trigger, refuses edges into it and warns when every trigger is disabled', () => {
    expect(validateFlow(flow([http()]), lookup)).toEqual([
      {
        level: 'error',
        code: 'no_trigger',
        message: 'O fluxo não possui um conector de gatilho (trigger).',
      },
    ]);
    const into = validateFlow(
      flow(
        [trigger, http()],
        [
          ['t', 'h'],
          ['h', 't'],
        ],
      ),
      lookup,
    );
    expect(into).toContainEqual({
      level: 'error',
      code: 'trigger_incoming',
      message: 'O gatilho "Manual Trigger" não pode receber conexões.',
      node_uid: 't',
    });
    const disabled = validateFlow(flow([{ ...trigger, disabled: true }]), lookup);
    expect(disabled).toEqual([
      {
        level: 'warning',
        code: 'triggers_disabled',
        message: 'Todos os gatilhos do fluxo estão desativados: ele nunca será executado.',
      },
    ]);
  });

  it('warns about nodes no trigger reaches', () => {
    const issues = validateFlow(flow([trigger, http('a'), http('b')], [['t', 'a']]), lookup);
    expect(issues).toEqual([
      {
        level: 'warning',
        code: 'unreachable',
        message: 'O conector "Requisição HTTP" não é alcançado a partir de nenhum gatilho.',
        node_uid: 'b',
      },
    ]);
  });

  it("checks an agent's tool: its description and params, not the params the model fills", () => {
    // Unconnected (the agent calls it), its required URL left to the model.
    const tool = (agentTool: { description: string; params: string[] }) =>
      node('h', 'core_http_request', { method: 'GET' }, { agentTool });
    expect(
      validateFlow(
        flow([trigger, tool({ description: 'Busca um pedido.', params: ['url'] })]),
        lookup,
      ),
    ).toEqual([]);
    const issues = validateFlow(
      flow([trigger, tool({ description: '  ', params: ['url', 'nada'] })]),
      lookup,
    );
    expect(issues).toEqual([
      {
        level: 'error',
        code: 'required_param',
        message:
          'O conector "Requisição HTTP" é ferramenta do agente e precisa da "Descrição para o modelo": diga o que ele faz.',
        node_uid: 'h',
      },
      {
        level: 'error',
        code: 'param_type',
        message:
          'O conector "Requisição HTTP" é ferramenta do agente com um parâmetro que ele não tem: nada.',
        node_uid: 'h',
      },
    ]);
    const withAccount: typeof lookup = (type, version) => {
      const found = lookup(type, version);
      if (type !== 'core_http_request' || !found) return found;
      const account = { type: 'service_account' as const, label: 'Conta', accepts: ['http'] };
      return { ...found, params: { ...found.params, conta: account } };
    };
    const picksAccount = tool({ description: 'Busca um pedido.', params: ['url', 'conta'] });
    expect(
      validateFlow(flow([trigger, picksAccount]), withAccount).map((issue) => issue.message),
    ).toEqual([
      'O conector "Requisição HTTP" é ferramenta do agente: a conta de serviço não pode ser preenchida pelo modelo.',
    ]);
  });

  it('warns about a cycle without a loop, once per cycle, but not about a loop-back', () => {
    const cycle = validateFlow(
      flow(
        [trigger, http('a'), { ...http('b'), label: 'B' }],
        [
          ['t', 'a'],
          ['a', 'b'],
          ['b', 'a'],
        ],
      ),
      lookup,
    );
    expect(cycle).toEqual([
      {
        level: 'warning',
        code: 'cycle',
        message:
          'Os conectores "Requisição HTTP", "B" formam um ciclo sem Loop nem Aguardar: o fluxo pode se repetir sem fim.',
        node_uid: 'a',
      },
    ]);
    const self = validateFlow(
      flow(
        [trigger, http('a')],
        [
          ['t', 'a'],
          ['a', 'a'],
        ],
      ),
      lookup,
    );
    expect(self).toHaveLength(1);
    const loopBack = flow(
      [trigger, node('l', 'core_loop'), http('a')],
      [
        ['t', 'l'],
        ['l', 'a', 'item'],
        ['a', 'l'],
      ],
    );
    expect(validateFlow(loopBack, lookup)).toEqual([]);
    // A cycle inside the loop's body that never passes through the loop still warns.
    const inner = flow(
      [trigger, node('l', 'core_loop'), http('a'), http('b')],
      [
        ['t', 'l'],
        ['l', 'a', 'item'],
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'l'],
      ],
    );
    expect(validateFlow(inner, lookup).map((issue) => issue.code)).toEqual(['cycle']);
  });
});
