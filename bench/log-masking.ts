// What masking personal data at rest costs (docs/adr/0122): execution data of about 1 KB and
// 50 KB (an order with the customer's CPF, e-mail, phone and CEP and its items, some with a
// phone or an e-mail in a note; and a page of contacts, every one a person) stored as an
// execution stores it, masked and unmasked, in alternating rounds of the same run:
// - trigger message: `JSON.stringify(msg)` against `JSON.stringify(maskPersonalValue(msg))`,
//   without and with two named fields (`mask_paths`);
// - a node's data (its input and one output): the JSON the executor makes of both, against the
//   same JSON then masked as the runner keeps it (`createPersonalDataMasking().run`: parsed,
//   masked, written again);
// - a log line (`masking.entry`), with and without personal data in it.
// Prints µs per call (fastest round and median), MB/s of JSON, and the ratios masked / unmasked.
// Usage: node bench/run-ts.mjs bench/log-masking.ts [rounds] [MB per case per round]
import { cpus, loadavg } from 'node:os';
import type { NodeRunRecord } from '../packages/engine/src/executor/events.ts';
import { findPersonalData } from '../packages/shared/src/brazil/personal-data.ts';
import { maskPersonalValue } from '../packages/shared/src/lgpd/personal-data-mask.ts';
import { createPersonalDataMasking } from '../apps/server/src/modules/executions/personal-data-masking.ts';
import type { LogEntry } from '../apps/server/src/modules/logs/log-writer.ts';

const rounds = Number(process.argv[2] ?? 5);
const megabytes = Number(process.argv[3] ?? 8);

/** A CPF with right check digits, from a number (the same number, the same CPF). */
function cpfOf(n: number): string {
  const base = String(100_000_000 + ((n * 7919) % 899_999_999)).slice(0, 9);
  const digit = (digits: string, first: number) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (first - i);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base, 10);
  const d2 = digit(`${base}${d1}`, 11);
  return `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6, 9)}-${d1}${d2}`;
}

const ddds = [11, 21, 31, 41, 51, 61, 71, 81, 85, 91];
const pad = (n: number, size: number) => String(n % 10 ** size).padStart(size, '0');
const mobileOf = (n: number) =>
  `(${ddds[n % ddds.length]}) 9${pad(8000 + n, 4)}-${pad(1000 + n * 37, 4)}`;
const cepOf = (n: number) => `${pad(1000 + n * 13, 5)}-${pad(n * 7, 3)}`;

/** An order as a webhook brings it: the customer, the address, `items` lines. */
function orderOf(items: number): Record<string, unknown> {
  return {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Loja/3.2 (+https://loja.exemplo.com.br)',
      'x-request-id': '5b0c2f1e-8a7d-4c3b-9e21-0f6d7a8b9c10',
    },
    payload: {
      pedido: 'PED-2026-004512',
      criado_em: '2026-12-01T10:15:00-03:00',
      cliente: {
        nome: 'Maria da Silva',
        cpf: cpfOf(1),
        email: 'maria.silva@exemplo.com.br',
        telefone: '+55 11 98765-4321',
        endereco: {
          logradouro: 'Avenida Paulista',
          numero: '1578',
          complemento: 'apto 12',
          cep: '01310-200',
          cidade: 'São Paulo',
          uf: 'SP',
        },
      },
      itens: Array.from({ length: items }, (_, i) => ({
        sku: `SKU-${pad(i, 6)}`,
        descricao: `Camiseta de algodão, tamanho ${['P', 'M', 'G'][i % 3]}, cor ${['azul', 'preta', 'branca'][i % 3]}`,
        quantidade: (i % 4) + 1,
        preco: 59.9 + i,
        observacao:
          i % 4 === 0
            ? `Entregar na portaria; contato ${mobileOf(i)}`
            : i % 4 === 2
              ? `Nota fiscal para compras+${i}@empresa.com.br`
              : 'Embalar para presente',
      })),
      pagamento: { forma: 'pix', valor: 59.9 * items, status: 'aprovado' },
    },
  };
}

/** A page of contacts from a CRM: every record a person. */
function contactsOf(count: number): Record<string, unknown> {
  return {
    payload: {
      pagina: 1,
      total: count,
      contatos: Array.from({ length: count }, (_, i) => ({
        id: 100_000 + i,
        nome: `Cliente ${i}`,
        cpf: cpfOf(i + 2),
        email: `cliente.${i}@exemplo.com.br`,
        telefone: mobileOf(i),
        cep: cepOf(i),
        criado_em: '2026-11-30T18:02:11Z',
        tags: ['lead', i % 2 ? 'site' : 'evento'],
      })),
    },
  };
}

/** One set of execution data: its name in the tables, the message, the fields named for it. */
interface Profile {
  name: string;
  msg: Record<string, unknown>;
  paths: string[];
}

/** About 1 KB and 50 KB of JSON each (the items and contacts counted to get there). */
const profiles: Profile[] = [
  { name: 'pedido, ~1 KB', msg: orderOf(3), paths: ['nome', 'payload.itens.*.observacao'] },
  { name: 'pedido, ~50 KB', msg: orderOf(320), paths: ['nome', 'payload.itens.*.observacao'] },
  { name: 'contatos, ~50 KB', msg: contactsOf(250), paths: ['nome', 'payload.contatos.*.cep'] },
];

let sink = 0;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** µs per call of `fn` over `iterations` calls. */
function time(fn: () => number, iterations: number): number {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) sink += fn();
  return ((performance.now() - started) * 1000) / iterations;
}

/** The node's run the executor hands over: the JSON of its input and its one output. */
const runOf = (msg: unknown): NodeRunRecord => ({
  node_uid: 'n',
  node_type: 'core_set',
  input: JSON.stringify(msg),
  outputs: [{ output: 'default', json: JSON.stringify(msg) }],
  duration_ms: 1,
});

/** `messages`: how many messages of the profile one call makes JSON of (a node: two). */
type Case = { name: string; messages: number; fn: () => number };

function casesOf(profile: Profile): Case[] {
  const plain = createPersonalDataMasking();
  const named = createPersonalDataMasking(profile.paths);
  const { msg, paths } = profile;
  return [
    { name: 'gatilho sem máscara', messages: 1, fn: () => JSON.stringify(msg).length },
    {
      name: 'gatilho mascarado',
      messages: 1,
      fn: () => JSON.stringify(maskPersonalValue(msg)).length,
    },
    {
      name: 'gatilho mascarado, 2 campos nomeados',
      messages: 1,
      fn: () => JSON.stringify(maskPersonalValue(msg, paths)).length,
    },
    { name: 'nó sem máscara', messages: 2, fn: () => runOf(msg).input.length },
    { name: 'nó mascarado', messages: 2, fn: () => plain.run(runOf(msg)).input.length },
    {
      name: 'nó mascarado, 2 campos nomeados',
      messages: 2,
      fn: () => named.run(runOf(msg)).input.length,
    },
  ];
}

/** Masking must have hidden every CPF, e-mail and phone of the data, or the bench measures nothing. */
function checkMasked(profile: Profile) {
  const json = JSON.stringify(profile.msg);
  const masked = createPersonalDataMasking().run(runOf(profile.msg)).input;
  const found = findPersonalData(json);
  const left = findPersonalData(masked);
  if (!found.length || masked === json || left.length)
    throw new Error(`mascaramento não escondeu os dados de ${profile.name}`);
  const kinds: Record<string, number> = {};
  for (const span of found) kinds[span.kind] = (kinds[span.kind] ?? 0) + 1;
  return { bytes: Buffer.byteLength(json), kinds };
}

const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(
  `Node ${process.version}, ${cpus().length} cores, load average ${load}; ${rounds} rounds, ` +
    `about ${megabytes} MB of JSON per case per round, order rotating`,
);

const summary: Record<string, string | number>[] = [];
const detail: Record<string, string | number>[] = [];
for (const profile of profiles) {
  const { bytes, kinds } = checkMasked(profile);
  const cases = casesOf(profile);
  const iterations = Math.max(20, Math.ceil((megabytes * 1e6) / bytes));
  for (const each of cases) time(each.fn, Math.ceil(iterations / 4));
  const results = new Map<string, number[]>(cases.map((each) => [each.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const each = cases[(k + round) % cases.length]!;
      results.get(each.name)!.push(time(each.fn, iterations));
    }
  }
  const best = (name: string) => Math.min(...results.get(name)!);
  const middle = (name: string) => median(results.get(name)!);
  /** Masked over unmasked: of the fastest rounds, and of the medians. */
  const ratio = (masked: string, unmasked: string) =>
    `${(best(masked) / best(unmasked)).toFixed(1)} / ${(middle(masked) / middle(unmasked)).toFixed(1)}`;
  for (const each of cases) {
    detail.push({
      dados: profile.name,
      caso: each.name,
      'µs (melhor)': +best(each.name).toFixed(1),
      'µs (mediana)': +middle(each.name).toFixed(1),
      'MB/s (melhor)': +((bytes * each.messages) / best(each.name)).toFixed(1),
      rodadas: results
        .get(each.name)!
        .map((n) => n.toFixed(0))
        .join(' '),
    });
  }
  summary.push({
    dados: profile.name,
    bytes,
    'valores pessoais': Object.entries(kinds)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', '),
    'gatilho: razão (melhor / mediana)': ratio('gatilho mascarado', 'gatilho sem máscara'),
    'com campos nomeados': ratio('gatilho mascarado, 2 campos nomeados', 'gatilho sem máscara'),
    'nó: razão (melhor / mediana)': ratio('nó mascarado', 'nó sem máscara'),
    'nó, com campos nomeados': ratio('nó mascarado, 2 campos nomeados', 'nó sem máscara'),
  });
}

/** Log lines as the runner keeps them: a user line with personal data, and one without. */
const masking = createPersonalDataMasking(['nome']);
const lineOf = (message: string): LogEntry => ({
  workspaceId: 'w',
  flowId: 'f',
  executionId: 'e',
  nodeUid: 'log',
  type: 'user',
  label: 'Cliente',
  message,
  createdAt: new Date(),
});
const lines = [
  {
    name: 'linha com CPF, e-mail e telefone',
    entry: lineOf(
      `Pedido PED-2026-004512 de ${cpfOf(1)}, e-mail maria.silva@exemplo.com.br, telefone (11) 98765-4321: aprovado`,
    ),
  },
  {
    name: 'linha sem dados pessoais',
    entry: lineOf('Pedido PED-2026-004512 aprovado em 2026-12-01 10:15, total R$ 179,70, 3 itens'),
  },
];
const lineIterations = 100_000;
for (const line of lines)
  time(() => String(masking.entry(line.entry).message).length, lineIterations / 10);
for (const line of lines) {
  const measured = Array.from({ length: rounds }, () =>
    time(() => String(masking.entry(line.entry).message).length, lineIterations),
  );
  detail.push({
    dados: `${String(line.entry.message).length} caracteres`,
    caso: line.name,
    'µs (melhor)': +Math.min(...measured).toFixed(2),
    'µs (mediana)': +median(measured).toFixed(2),
    'MB/s (melhor)': '',
    rodadas: measured.map((n) => n.toFixed(2)).join(' '),
  });
}

console.table(summary);
console.table(detail);
if (sink === 0) console.log('(nada medido)');
