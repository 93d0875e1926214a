import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formListSchema, formSchema, type FormBody } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { flows, forms } from '../../db/schema';
import { chain } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { verifyPassword } from '../auth/password-hasher';

const m = messages.forms;

const text = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'text' as const,
  name,
  label: `Campo ${name}`,
  ...extra,
});
const body = (name: string, extra: Partial<FormBody> = {}): FormBody => ({
  name,
  fields: [text('nome')],
  ...extra,
});

describeEachDriver('forms API', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function createForm(account: TestAccount, form: FormBody) {
    const res = await api(account).post('/api/v1/forms', form);
    expect(res.statusCode, res.body).toBe(201);
    return formSchema.parse(res.json());
  }
  const list = async (account: TestAccount, query = '') => {
    const res = await api(account).get(`/api/v1/forms${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return formListSchema.parse(res.json());
  };
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(forms).where(eq(forms.id, id)))[0]!;

  /** An enabled (or not) flow whose 'Formulário' trigger names the form. */
  // Each flow is created a second after the previous one: the consumer is the earliest created.
  let createdAt = Date.now();
  async function addConsumer(account: TestAccount, formId: string, name: string, enabled = true) {
    const id = randomUUID();
    createdAt += 1000;
    await t.database.db.insert(flows).values({
      id,
      workspaceId: account.workspaceId,
      name,
      enabled,
      triggers: [{ node_uid: 'n0', node_type: 'core_form_trigger' }],
      variables: [],
      data: chain({ type: 'core_form_trigger', params: { form: formId } }),
      config: { rate_limit: 0 },
      createdAt: new Date(createdAt),
    });
    return id;
  }

  it('creates, reads, edits and removes a form, with the spec defaults', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Vendas' })).json();
    const form = await createForm(account, {
      name: ' Cadastro ',
      group: group._id,
      fields: [
        text('cpf', { mask: 'cpf', validation: 'cpf', is_required: true, width_percent: 250 }),
        { type: 'separator', label: 'Dados', is_required: true, position: 9, width_percent: 0 },
        {
          type: 'table',
          name: 'itens',
          label: 'Itens',
          is_required: true,
          options: [{ label: 'Produto', value: 'produto', is_required: true }],
        },
      ],
    });
    expect(form).toMatchObject({
      name: 'Cadastro',
      group: group._id,
      status: 'draft',
      success_message: 'O formulário foi enviado com sucesso!',
      show_back_button: true,
      wait_flow_result: false,
      require_auth_pin: false,
      auth_pin_set: false,
      flow_id: null,
      workspace_id: account.workspaceId,
    });
    // Width clamped to 1..100, positions renumbered, separator and table never required (§4).
    expect(form.fields.map((f) => [f.position, f.width_percent, f.is_required])).toEqual([
      [0, 100, true],
      [1, 1, false],
      [2, 100, false],
    ]);
    expect(form.fields[0]).toMatchObject({ mask: 'cpf', validation: 'cpf', upload_maxsize: 10 });
    expect((await api(account).get(`/api/v1/forms/${form._id}`)).json()).toEqual(form);

    const edited = await api(account).put(`/api/v1/forms/${form._id}`, {
      ...body('Cadastro de clientes'),
      group: '',
      status: 'published',
      title: 'Cadastre-se',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Cadastro de clientes',
      group: null,
      status: 'published',
      title: 'Cadastre-se',
      created_at: form.created_at,
    });
    expect(edited.json().fields).toHaveLength(1);

    const removed = await api(account).delete(`/api/v1/forms/${form._id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await api(account).get(`/api/v1/forms/${form._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(m.notFound);
    expect(await list(account)).toEqual({ items: [], total: 0 });
  });

  it('refuses every rule of spec 2 §5 with its message and saves nothing', async () => {
    const account = await t.createAccount();
    const refusal = async (form: FormBody) => {
      const res = await api(account).post('/api/v1/forms', form);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; message: string; details: unknown[] };
    };

    const empty = await refusal({ name: '  ', fields: [] });
    expect(empty).toMatchObject({ code: 'validation_error', message: m.nameRequired });
    expect(empty.details).toEqual([
      { field: 'name', message: 'O nome do form é obrigatório' },
      { field: 'fields', message: 'É necessário adicionar pelo menos um campo' },
    ]);
    expect((await refusal(body('Sem campos', { fields: [] }))).message).toBe(
      'É necessário adicionar pelo menos um campo',
    );

    const fields = await refusal(
      body('Campos', {
        fields: [
          { type: 'separator' },
          text('nome'),
          { type: 'textarea', name: '', label: 'Obs' },
          text('NOME'),
          { type: 'date', name: 'nascimento', label: ' ' },
          { type: 'select', name: 'uf', label: 'UF', options: [] },
        ],
      }),
    );
    expect(fields.message).toBe('O código do campo 3 é obrigatório');
    expect(fields.details).toEqual([
      { field: 'fields.2.name', message: 'O código do campo 3 é obrigatório' },
      { field: 'fields.3.name', message: 'O código do campo 4 já foi utilizado em outro campo' },
      { field: 'fields.4.label', message: 'O label do campo 5 é obrigatório' },
      {
        field: 'fields.5.options',
        message: 'É necessário adicionar pelo menos uma opção para o campo 6',
      },
    ]);

    const source = await refusal(
      body('Origem', {
        fields: [
          { type: 'radio', name: 'a', label: 'A', options_source_type: 'database' },
          {
            type: 'select',
            name: 'b',
            label: 'B',
            options_source_type: 'database',
            options_source_table: 'tabela',
            options_source_value_field: '',
          },
          {
            type: 'multiple_select',
            name: 'c',
            label: 'C',
            options: [{ label: 'Sim', value: '' }],
          },
        ],
      }),
    );
    expect(source.details).toEqual([
      { field: 'fields.0.options_source_table', message: m.sourceTableRequired(1) },
      { field: 'fields.1.options_source_value_field', message: m.sourceValueRequired(2) },
      { field: 'fields.1.options_source_label_field', message: m.sourceLabelRequired(2) },
      { field: 'fields.2.options.0', message: m.optionIncomplete(1, 3) },
    ]);

    expect(
      (await refusal(body('PIN', { require_auth_pin: true, auth_pin: '1234567' }))).message,
    ).toBe(m.pinInvalid);
    expect((await refusal(body('PIN', { require_auth_pin: true }))).message).toBe(m.pinRequired);
    expect((await refusal(body('x'.repeat(121)))).message).toBe(m.nameTooLong);
    expect(await list(account)).toEqual({ items: [], total: 0 });
  });

  it('keeps the PIN hashed, never sends it back, keeps it when omitted and clears it when off', async () => {
    const account = await t.createAccount();
    const form = await createForm(
      account,
      body('Protegido', { require_auth_pin: true, auth_pin: 'ab12' }),
    );
    expect(form).toMatchObject({ require_auth_pin: true, auth_pin_set: true });
    expect(JSON.stringify(form)).not.toContain('ab12');
    expect(form).not.toHaveProperty('auth_pin');
    expect(form).not.toHaveProperty('auth_pin_hash');
    const hash = (await rowOf(form._id)).authPinHash!;
    expect(hash).not.toContain('ab12');
    expect(await verifyPassword('ab12', hash)).toBe(true);

    const listed = await list(account);
    expect(JSON.stringify(listed)).not.toContain(hash);
    expect(listed.items[0]).toMatchObject({ auth_pin_set: true });

    const kept = await api(account).put(
      `/api/v1/forms/${form._id}`,
      body('Protegido', { require_auth_pin: true, auth_pin: '' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ auth_pin_set: true });
    expect((await rowOf(form._id)).authPinHash).toBe(hash);

    await api(account).put(
      `/api/v1/forms/${form._id}`,
      body('Protegido', { require_auth_pin: true, auth_pin: 'Z9' }),
    );
    const replaced = (await rowOf(form._id)).authPinHash!;
    expect(await verifyPassword('Z9', replaced)).toBe(true);
    expect(await verifyPassword('ab12', replaced)).toBe(false);

    const off = await api(account).put(`/api/v1/forms/${form._id}`, body('Protegido'));
    expect(off.json()).toMatchObject({ require_auth_pin: false, auth_pin_set: false });
    expect((await rowOf(form._id)).authPinHash).toBeNull();
    // Turned on again, a PIN is needed once more.
    const again = await api(account).put(
      `/api/v1/forms/${form._id}`,
      body('Protegido', { require_auth_pin: true }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.pinRequired);
  });

  it('lists by page, searches by name, filters by group and names the consumer flow', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Financeiro' })).json();
    for (let n = 1; n <= 12; n++)
      await createForm(
        account,
        body(`Form ${String(n).padStart(2, '0')}`, n <= 3 ? { group: group._id } : {}),
      );

    const first = await list(account);
    expect(first.total).toBe(12);
    expect(first.items.map((f) => f.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Form ${String(i + 1).padStart(2, '0')}`),
    );
    expect((await list(account, '?page=2')).items.map((f) => f.name)).toEqual([
      'Form 11',
      'Form 12',
    ]);
    expect((await list(account, '?limit=1000')).items).toHaveLength(12);
    expect((await list(account, '?query=form 1')).items.map((f) => f.name)).toEqual([
      'Form 10',
      'Form 11',
      'Form 12',
    ]);
    const grouped = await list(account, `?group=${group._id as string}`);
    expect(grouped.items.map((f) => f.name)).toEqual(['Form 01', 'Form 02', 'Form 03']);
    expect((await list(account, '?group=none')).total).toBe(9);

    const [one, two] = first.items;
    await addConsumer(account, one!._id, 'Desligado', false);
    await addConsumer(account, one!._id, 'Primeiro');
    await addConsumer(account, one!._id, 'Segundo');
    await addConsumer(account, two!._id, 'Do dois');
    const withFlows = await list(account);
    expect(withFlows.items.slice(0, 3).map((f) => f.flow_id?.name ?? null)).toEqual([
      'Primeiro',
      'Do dois',
      null,
    ]);
    expect((await api(account).get(`/api/v1/forms/${one!._id}`)).json().flow_id.name).toBe(
      'Primeiro',
    );
  });

  it('answers at most 1000 forms to a list-all', async () => {
    const account = await t.createAccount();
    const at = new Date();
    await t.database.db.insert(forms).values(
      Array.from({ length: 1001 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: account.workspaceId,
        name: `Form ${String(i).padStart(4, '0')}`,
        successMessage: m.successDefault,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const all = await list(account, '?limit=5000');
    expect(all.total).toBe(1001);
    expect(all.items).toHaveLength(1000);
    expect((await list(account, '?limit=1000&page=2')).items.map((f) => f.name)).toEqual([
      'Form 1000',
    ]);
  });

  it("answers 404 to another workspace's form, changes nothing and records the attempt", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Intruso' });
    const form = await createForm(owner, body('Do dono', { status: 'published' }));
    const other = api(intruder);
    for (const res of [
      await other.get(`/api/v1/forms/${form._id}`),
      await other.put(`/api/v1/forms/${form._id}`, body('Tomado')),
      await other.delete(`/api/v1/forms/${form._id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect(await list(intruder)).toEqual({ items: [], total: 0 });
    expect((await api(owner).get(`/api/v1/forms/${form._id}`)).json()).toEqual(form);
    // Recorded once (repeats within the window are kept once), for the intruder only.
    const [event] = await until(async () => {
      const { items } = securityLogSchema.parse(
        (await other.get('/account/v1/security-log?kind=cross_workspace_denied')).json(),
      );
      return items.length > 0 && items;
    }, 'o acesso negado no registro de segurança');
    expect(event).toMatchObject({ resource: `form:${form._id}`, user: { _id: intruder.userId } });

    const foreignGroup = (await other.post('/api/v1/groups', { name: 'Dele' })).json();
    const wrongGroup = await api(owner).post(
      '/api/v1/forms',
      body('Grupo', { group: foreignGroup._id }),
    );
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json().message).toBe(messages.flows.groupNotFound);
  });
});
