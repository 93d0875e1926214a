import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { formPinHeader, publicFormSchema } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import { field } from '../../test/db-table-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { insertForm } from './form-fixtures';

const m = messages.forms.public;
const webDist = mkdtempSync(join(tmpdir(), 'ponte-web-forms-'));
const formHtml = '<!doctype html><title>Formulário</title><div id="form-root"></div>';
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ponte</title>');
writeFileSync(join(webDist, 'form.html'), formHtml);

describeEachDriver('public forms: page and definition', (driver) => {
  const t = useTestApp(driver, { config: { webDist } });

  const definition = (id: string, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'GET',
      url: `/engine/forms/${id}/definition`,
      headers,
      remoteAddress: ip,
    });

  it('serves the page of a published form with its strict headers, and 404 for a draft', async () => {
    const account = await t.createAccount();
    const published = await insertForm(t, account);
    const draft = await insertForm(t, account, { status: 'draft' });

    const page = await t.app.inject({ method: 'GET', url: `/engine/forms/${published}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(formHtml);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');

    for (const id of [draft, 'nao-existe']) {
      const missing = await t.app.inject({ method: 'GET', url: `/engine/forms/${id}` });
      expect(missing.statusCode).toBe(404);
      // The same page: an owner's preview runs in it.
      expect(missing.body).toBe(formHtml);
    }
  });

  it('answers the definition of a published form and nothing of the server', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, {
      title: '<b>Cadastro</b> & <script>alert(1)</script>contato',
      message:
        '<p onclick="x()">Olá <a href="javascript:alert(1)">a</a> <a href="https://ponte.dev">site</a></p><img src=x onerror=alert(1)><script>alert(2)</script>',
      successMessage: '<h3>Obrigado!</h3><iframe src="https://mal.example"></iframe>',
      fields: [
        { name: 'nome', label: '<i>Nome</i> completo', type: 'text', is_required: true },
        {
          name: 'tipo',
          label: 'Tipo',
          type: 'select',
          options: [{ label: '<b>Pessoa</b>', value: 'pf' }],
        },
      ],
    });
    const res = await definition(id);
    expect(res.statusCode, res.body).toBe(200);
    const form = publicFormSchema.parse(res.json());
    expect(form).toMatchObject({
      _id: id,
      title: 'Cadastro & contato',
      message:
        '<p>Olá <a rel="noopener noreferrer" target="_blank">a</a> <a href="https://ponte.dev" rel="noopener noreferrer" target="_blank">site</a></p>',
      success_message: '<h3>Obrigado!</h3>',
      locked: false,
      preview: false,
    });
    expect(form.fields.map((f) => f.label)).toEqual(['Nome completo', 'Tipo']);
    expect(form.fields[1]!.options).toEqual([{ label: 'Pessoa', value: 'pf' }]);
    const text = res.body;
    for (const hidden of ['options_source', 'workspace', 'auth_pin_', 'group', 'flow_id'])
      expect(text).not.toContain(hidden);
  });

  it('answers 404 for a draft, previews it for a member of its workspace only', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const id = await insertForm(t, owner, { status: 'draft', pin: '1234' });

    const anonymous = await definition(id);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ message: m.notFound });
    const foreign = await definition(id, { authorization: `Bearer ${stranger.token}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: m.notFound });
    const broken = await definition(id, { authorization: 'Bearer nao-e-um-token' });
    expect(broken.statusCode).toBe(404);

    const preview = await definition(id, { authorization: `Bearer ${owner.token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    // The PIN is skipped for the owner's preview.
    expect(preview.json()).toMatchObject({ preview: true, locked: false });
    expect((preview.json() as { fields: unknown[] }).fields).toHaveLength(1);
  });

  it('locks a form with PIN, refuses a wrong PIN and throttles per form and address', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { pin: 'AB12', message: '<p>segredo</p>' });
    const other = await insertForm(t, account, { pin: 'ZZ99' });

    const locked = await definition(id);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual({
      _id: id,
      title: 'Cadastro de clientes',
      message: '',
      success_message: '',
      show_back_button: true,
      wait_flow_result: false,
      require_auth_pin: true,
      locked: true,
      preview: false,
      fields: [],
    });

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await definition(id, { [formPinHeader]: `X${attempt}` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'form_pin', message: m.pinWrong });
    }
    // The guesser goes on, waiting each time as told: the waits grow (1 s, 2 s, 4 s…).
    const waits: number[] = [];
    for (let wait = 0; wait < 60;) {
      const told = await definition(id, { [formPinHeader]: 'X0' });
      if (told.statusCode === 429) {
        wait = Number(told.headers['retry-after']);
        waits.push(wait);
        if (wait < 60) t.clock.advance(wait * 1000);
      } else expect(told.statusCode).toBe(401);
    }
    expect(waits.slice(0, 3)).toEqual([1, 2, 4]);
    const throttled = await definition(id, { [formPinHeader]: 'AB12' });
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(throttled.json()).toMatchObject({ message: m.pinThrottled(retryAfter) });
    // A colleague behind the same address with the right PIN gets in after the wait.
    t.clock.advance(retryAfter * 1000);
    const colleague = await definition(id, { [formPinHeader]: 'AB12' });
    expect(colleague.statusCode, colleague.body).toBe(200);

    // Another address, and another form from the same address, still answer.
    const elsewhere = await definition(id, { [formPinHeader]: 'AB12' }, '198.51.100.9');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json()).toMatchObject({ locked: false, message: '<p>segredo</p>' });
    const otherForm = await definition(other, { [formPinHeader]: 'ZZ99' });
    expect(otherForm.statusCode, otherForm.body).toBe(200);
    expect(otherForm.json()).toMatchObject({ locked: false });
  });

  it('offers at most 100 records of a table of the same workspace as options', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/db/tables', {
      name: 'Cidades',
      fields: [field('nome'), field('uf', { is_required: true })],
    });
    expect(created.statusCode, created.body).toBe(201);
    const table = (created.json() as { _id: string })._id;
    for (let i = 1; i <= 101; i++) {
      const record = await api.post('/api/v1/db/entities', {
        table,
        data: { nome: `Cidade ${i}`, uf: i % 2 ? 'SP' : 'RJ' },
      });
      expect(record.statusCode, record.body).toBe(201);
    }
    const source = { options_source_type: 'database' as const, options_source_table: table };
    const fields = [
      {
        name: 'cidade',
        label: 'Cidade',
        type: 'select' as const,
        ...source,
        options_source_label_field: 'nome',
        options_source_value_field: 'uf',
      },
      { name: 'itens', label: 'Itens', type: 'table' as const, ...source },
    ];
    const id = await insertForm(t, account, { fields });
    const res = await definition(id);
    expect(res.statusCode, res.body).toBe(200);
    const form = publicFormSchema.parse(res.json());
    expect(form.fields[0]!.options).toHaveLength(100);
    expect(form.fields[0]!.options[0]).toEqual({ label: 'Cidade 1', value: 'SP' });
    expect(form.fields[1]!.options).toEqual([
      { label: 'Nome', value: 'nome', is_required: false },
      { label: 'Uf', value: 'uf', is_required: true },
    ]);
    expect(res.body).not.toContain(table);

    // A form naming a table of another workspace gets no options from it.
    const foreign = await insertForm(t, stranger, { fields });
    const none = publicFormSchema.parse((await definition(foreign)).json());
    expect(none.fields.map((f) => f.options)).toEqual([[], []]);

    // Fields renamed since: the form still reads them by the names it saved.
    const renamed = await api.put(`/api/v1/db/tables/${table}`, {
      name: 'Cidades',
      fields: [
        field('municipio', { previous_name: 'nome' }),
        field('estado', { is_required: true, previous_name: 'uf' }),
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = publicFormSchema.parse((await definition(id)).json());
    expect(after.fields[0]!.options[0]).toEqual({ label: 'Cidade 1', value: 'SP' });
  });
});
