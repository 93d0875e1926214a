import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { registerListSchema, type RegisterEntry } from '@ponte/shared/lgpd/register.schema';
import { messages } from '@ponte/shared/messages';
import { deniedBecause } from '@ponte/shared/roles';
import { formatDate } from '@ponte/shared/format';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { registerCsvHeader } from './register-csv';

const m = messages.lgpdRegister;

const register = {
  purpose: 'Enviar a nota fiscal ao cliente depois do pagamento.',
  legal_basis: 'contract',
  data_categories: ['identification', 'contact', 'health'],
  retention_note: '5 anos após o fim do contrato',
};

describeEachDriver('register of processing', (driver) => {
  const t = useTestApp(driver, { logRetentionDays: 45, lgpdMask: false });

  /** A flow made through the API, its options saved as the editor's 'Opções do Flow' does. */
  async function flow(account: TestAccount, name: string, config?: object, group?: string) {
    const api = t.request(account.token);
    const created = await api.post('/api/v1/flows', { name, ...(group ? { group } : {}) });
    expect(created.statusCode, created.body).toBe(201);
    if (!config) return created.json() as { _id: string; updated_at: string };
    const saved = await api.put(`/api/v1/flows/${created.json()._id}`, { config });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json() as { _id: string; updated_at: string };
  }

  it('lists every flow of the workspace with its entry, and exports the same as CSV', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const api = t.request(owner.token);
    const group = (await api.post('/api/v1/groups', { name: 'Financeiro' })).json();
    const invoices = await flow(
      owner,
      'Notas fiscais',
      { rate_limit: 0, lgpd: { ...register, mask: 'on' }, retention_days: 90 },
      group._id,
    );
    const blank = await flow(owner, 'Boas-vindas');
    const partial = await flow(owner, 'Cadastro', {
      rate_limit: 0,
      lgpd: { purpose: '=Cadastro' },
    });
    await flow(stranger, 'Flow de outro workspace', { rate_limit: 0, lgpd: register });

    const listed = await api.get('/api/v1/lgpd/register');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = registerListSchema.parse(listed.json());
    expect(list.instance).toEqual({ retention_days: 45, mask: false });
    expect(list.total).toBe(3);
    expect(list.items.map((entry) => entry.name)).toEqual([
      'Boas-vindas',
      'Cadastro',
      'Notas fiscais',
    ]);
    const [none, some, full] = list.items as [RegisterEntry, RegisterEntry, RegisterEntry];
    expect(full).toEqual({
      flow_id: invoices._id,
      name: 'Notas fiscais',
      group: group._id,
      group_name: 'Financeiro',
      enabled: false,
      status: 'complete',
      ...register,
      retention_days: 90,
      retention_own: true,
      mask: 'on',
      masked: true,
      updated_at: invoices.updated_at,
    });
    expect(none).toMatchObject({
      flow_id: blank._id,
      status: 'none',
      purpose: '',
      legal_basis: null,
      data_categories: [],
      retention_days: 45,
      retention_own: false,
      mask: 'default',
      masked: false,
    });
    expect(some).toMatchObject({ flow_id: partial._id, status: 'partial', purpose: '=Cadastro' });

    const missing = registerListSchema.parse(
      (await api.get('/api/v1/lgpd/register?missing=true')).json(),
    );
    expect(missing.items.map((entry) => entry.flow_id)).toEqual([blank._id]);

    const csv = await api.get('/api/v1/lgpd/register/csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="registro-de-tratamento-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.body.startsWith('\uFEFFFlow;Grupo;Ativo;')).toBe(true);
    const rows = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows).toEqual([
      registerCsvHeader,
      [
        'Boas-vindas',
        'Sem grupo',
        'Não',
        'Sem registro',
        '',
        '',
        '',
        '',
        '',
        '45 dias (padrão da instância)',
        'Padrão da instância (desligado)',
        formatDate(blank.updated_at),
      ],
      [
        'Cadastro',
        'Sem grupo',
        'Não',
        'Incompleto',
        "'=Cadastro",
        '',
        '',
        '',
        '',
        '45 dias (padrão da instância)',
        'Padrão da instância (desligado)',
        formatDate(partial.updated_at),
      ],
      [
        'Notas fiscais',
        'Financeiro',
        'Não',
        'Completo',
        'Enviar a nota fiscal ao cliente depois do pagamento.',
        'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)',
        'Identificação (nome, CPF, RG); Contato (e-mail, telefone, endereço); Saúde (sensível)',
        'Sim',
        '5 anos após o fim do contrato',
        '90 dias',
        'Ligado',
        formatDate(invoices.updated_at),
      ],
    ]);
    expect(formatDate(invoices.updated_at)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const onlyMissing = parse((await api.get('/api/v1/lgpd/register/csv?missing=true')).body, {
      bom: true,
      delimiter: ';',
    }) as string[][];
    expect(onlyMissing.map((row) => row[0])).toEqual(['Flow', 'Boas-vindas']);

    const pdf = await api.get('/api/v1/lgpd/register/pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const theirs = registerListSchema.parse(
      (await t.request(stranger.token).get('/api/v1/lgpd/register')).json(),
    );
    expect(theirs.items.map((entry) => entry.name)).toEqual(['Flow de outro workspace']);
  });

  it('refuses the register to an editor, and an unknown legal basis with a pt-BR 400', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor');
    for (const path of ['', '/csv', '/pdf']) {
      const denied = await t.request(editor.token).get(`/api/v1/lgpd/register${path}`);
      expect(denied.statusCode, path).toBe(403);
      expect(denied.json().message).toBe(deniedBecause('editor', 'lgpd.manage'));
    }

    const created = await flow(owner, 'Sem base');
    const cases: [object, string, string][] = [
      [{ legal_basis: 'vontade_do_chefe' }, 'config.lgpd.legal_basis', m.legalBasisInvalid],
      [{ data_categories: ['gostos'] }, 'config.lgpd.data_categories.0', m.dataCategoryInvalid],
      [{ purpose: 'x'.repeat(1001) }, 'config.lgpd.purpose', m.purposeTooLong],
      [{ retention_note: 'x'.repeat(501) }, 'config.lgpd.retention_note', m.retentionNoteTooLong],
    ];
    for (const [lgpd, field, message] of cases) {
      const refused = await t
        .request(owner.token)
        .put(`/api/v1/flows/${created._id}`, { config: { lgpd } });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation_error',
        message,
        details: [{ field, message }],
      });
    }
    const list = (await t.request(owner.token).get('/api/v1/lgpd/register')).json();
    expect(list.items[0]).toMatchObject({ name: 'Sem base', status: 'none' });
  });
});
