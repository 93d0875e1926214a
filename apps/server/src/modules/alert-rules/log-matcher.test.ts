import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { compileMatcher, LineCache, ParsedMessage, type MatchConfig } from './log-matcher';

const m = messages.alertRules;

function matcher(content: string, type: MatchConfig['match_log_type'] = 'message', field = '') {
  const compiled = compileMatcher({
    match_log_type: type,
    match_log_json_field: field,
    match_log_content: content,
  });
  if ('error' in compiled) throw new Error(compiled.error);
  return compiled;
}

const errorOf = (content: string) => {
  const compiled = compileMatcher({
    match_log_type: 'message',
    match_log_json_field: '',
    match_log_content: content,
  });
  return 'error' in compiled ? compiled.error : null;
};

const says = (message: string, label = 'Etapa') => ({ label, message });

describe('plain text', () => {
  it('matches a message that contains it, ignoring case', () => {
    const rule = matcher('Timeout');
    expect(rule.test(says('pedido 12: TIMEOUT ao chamar a API'))).toBe(true);
    expect(rule.test(says('pedido 12: timeout'))).toBe(true);
    expect(rule.test(says('pedido 12: time out'))).toBe(false);
  });

  it('matches a text typed without accents, as the logs search does (docs/adr/0079)', () => {
    const rule = matcher('falha na integracao');
    const line = says('Falha na INTEGRAÇÃO com o ERP');
    expect(rule.test(line)).toBe(true);
    expect(rule.test(line, new LineCache(line))).toBe(true);
    expect(matcher('Logística', 'label').test(says('ok', 'LOGISTICA'))).toBe(true);
    expect(matcher('integracao').test(says('integrado'))).toBe(false);
  });

  it('reads regex characters as text', () => {
    const rule = matcher('R$ 10.00 (total)');
    expect(rule.test(says('valor R$ 10.00 (total) cobrado'))).toBe(true);
    expect(rule.test(says('valor R$ 10500 total'))).toBe(false);
  });

  it('refuses an empty text', () => {
    expect(errorOf('')).toBe(m.contentRequired);
  });
});

describe('regular expressions', () => {
  it('is case sensitive unless written with i', () => {
    expect(matcher('/erro \\d+/').test(says('ERRO 42'))).toBe(false);
    expect(matcher('/erro \\d+/').test(says('erro 42'))).toBe(true);
    expect(matcher('/erro \\d+/i').test(says('ERRO 42'))).toBe(true);
  });

  it('anchors lines with m and lets . cross lines with s', () => {
    const text = 'início\nfalha grave\nfim';
    expect(matcher('/^falha/').test(says(text))).toBe(false);
    expect(matcher('/^falha/m').test(says(text))).toBe(true);
    expect(matcher('/início.falha/').test(says(text))).toBe(false);
    expect(matcher('/início.falha/s').test(says(text))).toBe(true);
  });

  it('refuses a flag other than i, m, s or u', () => {
    expect(errorOf('/erro/g')).toBe(m.regexFlagInvalid('g'));
    expect(errorOf('/erro/iy')).toBe(m.regexFlagInvalid('y'));
  });

  it('refuses what RE2 cannot run, with a pt-BR message', () => {
    expect(errorOf('/erro(?=fatal)/')).toMatch(/^Expressão regular inválida: lookahead/);
    expect(errorOf('/(erro/')).toBe(m.regexInvalid('falta fechar um parêntese (em "(erro").'));
  });

  it('answers at once for a pattern that stalls a backtracking engine', () => {
    // `(a+)+$` against many a's and a final '!' takes exponential time with backtracking; RE2
    // answers in linear time, so this test ends well within its timeout.
    const rule = matcher('/(a+)+$/');
    const text = `${'a'.repeat(100_000)}!`;
    expect(rule.test(says(text))).toBe(false);
    expect(matcher('/(a|aa)+b/').test(says(`${'a'.repeat(100_000)}c`))).toBe(false);
    expect(rule.test(says('aaaa'))).toBe(true);
  });
});

describe('label or message', () => {
  it('looks only at the field the rule names', () => {
    const byLabel = matcher('pagamento', 'label');
    const byMessage = matcher('pagamento');
    const line = says('pedido criado', 'Pagamento');
    expect(byLabel.test(line)).toBe(true);
    expect(byMessage.test(line)).toBe(false);
    expect(byLabel.test(says('pagamento recusado', 'Pedido'))).toBe(false);
    expect(byMessage.test(says('pagamento recusado', 'Pedido'))).toBe(true);
  });
});

describe('a field of the JSON message', () => {
  const json = JSON.stringify({
    pedido: {
      status: 'RECUSADO',
      itens: [{ sku: 'A-1' }, { sku: 'B-2', falta: true }],
      total: 1500,
      pago: false,
      cliente: { nome: 'Ana' },
    },
  });

  it('reads a nested value by its dotted path', () => {
    expect(matcher('recusado', 'message_json', 'pedido.status').test(says(json))).toBe(true);
    expect(matcher('aprovado', 'message_json', 'pedido.status').test(says(json))).toBe(false);
  });

  it('reads an array item by its index', () => {
    expect(matcher('B-2', 'message_json', 'pedido.itens.1.sku').test(says(json))).toBe(true);
    expect(matcher('B-2', 'message_json', 'pedido.itens.0.sku').test(says(json))).toBe(false);
    expect(matcher('/^true$/', 'message_json', 'pedido.itens.1.falta').test(says(json))).toBe(true);
  });

  it('compares numbers, booleans and objects as their JSON', () => {
    expect(matcher('/^15\\d\\d$/', 'message_json', 'pedido.total').test(says(json))).toBe(true);
    expect(matcher('false', 'message_json', 'pedido.pago').test(says(json))).toBe(true);
    expect(matcher('"nome":"ana"', 'message_json', 'pedido.cliente').test(says(json))).toBe(true);
  });

  it('does not match a missing path, a path through a value, or a message that is not JSON', () => {
    const rule = matcher('/.*/', 'message_json', 'pedido.cupom');
    expect(rule.test(says(json))).toBe(false);
    expect(matcher('/.*/', 'message_json', 'pedido.total.valor').test(says(json))).toBe(false);
    expect(matcher('/.*/', 'message_json', 'pedido.itens.9').test(says(json))).toBe(false);
    const status = matcher('recusado', 'message_json', 'pedido.status');
    expect(status.test(says('pedido.status RECUSADO'))).toBe(false);
    expect(status.test(says('{"pedido": {"status": "RECUSADO"'))).toBe(false);
    expect(status.test(says('"RECUSADO"'))).toBe(false);
  });

  it("never reads an object's inherited properties", () => {
    expect(matcher('/.*/', 'message_json', 'pedido.constructor').test(says(json))).toBe(false);
    expect(matcher('/.*/', 'message_json', '__proto__').test(says('{}'))).toBe(false);
  });

  it('parses the message once for every rule that reads it', () => {
    const parsed = new ParsedMessage(json);
    const first = parsed.value();
    expect(matcher('ana', 'message_json', 'pedido.cliente.nome').test(says(json), parsed)).toBe(
      true,
    );
    expect(parsed.value()).toBe(first);
  });
});

describe("a line's cache shared by the rules", () => {
  it('answers as the line itself, accents and case included', () => {
    const lines = [
      says('Ação PENDENTE: cobrança não autorizada', 'Cobrança'),
      says('ação concluída', 'Pagamento'),
      says('{"pedido":{"status":"Não autorizado"}}', 'Pedido'),
    ];
    const rules = [
      matcher('AÇÃO pendente'),
      matcher('/^ação/i'),
      matcher('/^.{4} conc/'),
      matcher('/cobran.a$/i', 'label'),
      matcher('/não autorizad[oa]/i', 'message_json', 'pedido.status'),
    ];
    const expected = [
      [true, true, false, true, false],
      [false, true, true, false, false],
      [false, false, false, false, true],
    ];
    expect(lines.map((line) => rules.map((rule) => rule.test(line)))).toEqual(expected);
    expect(
      lines.map((line) => {
        const cache = new LineCache(line);
        return rules.map((rule) => rule.test(line, cache));
      }),
    ).toEqual(expected);
  });
});
