import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { formPinHeader, type FormFieldInput } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import type { StorageFileRef } from '@ponte/shared/storage.schema';
import { executionsOf, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLocalStorageDriver } from '../storage/local-driver';
import { createStorageService } from '../storage/storage.service';
import { createUploadRetention, saoPauloDate } from '../triggers/manual-uploads';
import { createConsumer, insertForm, submission } from './form-fixtures';
import { formUploadsFolder } from './forms-public.service';

const m = messages.forms.public;
const validCpf = '529.982.247-25';

/** Every file under `dir` (temporary ones too), relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const fields: FormFieldInput[] = [
  { name: 'nome', label: 'Nome', type: 'text', is_required: true },
  { name: 'cpf', label: 'CPF', type: 'text', mask: 'cpf', validation: 'cpf' },
  { name: 'origem', label: 'Origem', type: 'hidden', default_value: 'site' },
  {
    name: 'arquivo',
    label: 'Documento',
    type: 'upload',
    upload_extensions: 'txt, pdf',
    upload_maxsize: 1,
  },
  { name: 'foto', label: 'Foto', type: 'upload', upload_extensions: 'jpg' },
];

describeEachDriver('public forms: submissions', (driver) => {
  const root = join(tmpdir(), `ponte-form-storage-${randomUUID()}`);
  const t = useTestApp(driver, {
    storage: { driver: createLocalStorageDriver(root) },
    formResultTimeoutMs: 5_000,
  });

  const send = (
    id: string,
    body: ReturnType<typeof submission>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/engine/forms/${id}/submit`,
      headers: { ...body.headers, ...headers },
      payload: body.payload,
    });

  const readsTheFile = (account: TestAccount, formId: string) =>
    createConsumer(
      t,
      account,
      formId,
      { type: 'core_storage_read', params: { path: '{{ msg.payload.arquivo }}', read_as: 'text' } },
      { type: 'core_respond_webhook', params: { body: 'Recebido: {{ msg.payload }}' } },
    );

  it('refuses a bad CPF, a missing required field and bad files, storing nothing', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields });
    const flowId = await readsTheFile(account, id);
    const before = await filesIn(root);
    const file: [string, string, string] = ['arquivo', 'doc.txt', 'conteúdo'];

    const cases: [ReturnType<typeof submission>, string, string][] = [
      [submission({ nome: 'Ana', cpf: '529.982.247-24' }, [file]), 'cpf', m.invalidCpf],
      [submission({ cpf: validCpf }, [file]), 'nome', m.required],
      [
        submission({ nome: 'Ana' }, [['arquivo', 'foto.exe', 'MZ']]),
        'arquivo',
        m.fileExtension('foto.exe', 'txt, pdf'),
      ],
      [
        submission({ nome: 'Ana' }, [['arquivo', 'grande.pdf', Buffer.alloc(1024 * 1024 + 10)]]),
        'arquivo',
        m.fileTooLarge('grande.pdf', 1),
      ],
      // A second file for a field that takes one.
      [
        submission({ nome: 'Ana' }, [file, ['arquivo', 'outro.txt', 'mais']]),
        'arquivo',
        m.fileOnlyOne,
      ],
      // A file already stored goes away when a later one is refused.
      [
        submission({ nome: 'Ana' }, [file, ['foto', 'foto.png', 'png']]),
        'foto',
        m.fileExtension('foto.png', 'jpg'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'form_invalid',
        message: m.invalidSummary,
        details: [{ field, message }],
      });
    }
    expect(await filesIn(root)).toEqual(before);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it('starts the consumer flow with the values and the file, which the flow reads', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields, name: 'Cadastro de clientes' });
    const flowId = await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });

    const res = await send(
      id,
      submission({ nome: 'Ana', cpf: validCpf, extra: 'ignorado' }, [
        ['arquivo', '../../etc/passwd.txt', 'linha 1'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'sent' });
    const [execution] = await finished(t, flowId);
    const msg = execution!.triggerMsg as {
      payload: Record<string, unknown> & { arquivo: StorageFileRef };
      form: unknown;
    };
    expect(msg.form).toEqual({ _id: id, name: 'Cadastro de clientes' });
    expect(msg.payload).toMatchObject({ nome: 'Ana', cpf: validCpf, origem: 'site' });
    expect(msg.payload).not.toHaveProperty('extra');
    expect(msg.payload.arquivo).toMatchObject({ name: 'passwd.txt', size: 7 });
    expect(msg.payload.arquivo.path).toMatch(
      new RegExp(`^${formUploadsFolder}/${saoPauloDate(new Date())}/[0-9a-f-]{36}/passwd\\.txt$`),
    );
  });

  it('answers the body of the respond node when the form waits for the flow', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields, waitFlowResult: true });
    await readsTheFile(account, id);
    const res = await send(id, submission({ nome: 'Ana' }, [['arquivo', 'a.txt', 'o conteúdo']]));
    expect(res.statusCode, res.body).toBe(200);
    // The respond node's body, not the flow's last message (which keeps the file's text).
    expect(res.json()).toEqual({ outcome: 'result', result: 'Recebido: o conteúdo' });
  });

  it('answers the flow error when the flow fails', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields, waitFlowResult: true });
    await createConsumer(t, account, id, {
      type: 'core_storage_read',
      params: { path: '/nao-existe.txt', read_as: 'text' },
    });
    const res = await send(id, submission({ nome: 'Ana' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'error',
      message: m.flowFailed(messages.storage.notFound),
    });
  });

  it('answers 409 without a consumer and 404 for a draft, storing nothing', async () => {
    const account = await t.createAccount();
    const lonely = await insertForm(t, account, { fields });
    const draft = await insertForm(t, account, { fields, status: 'draft' });
    await readsTheFile(account, draft);
    const before = await filesIn(root);
    const body = submission({ nome: 'Ana' }, [['arquivo', 'a.txt', 'x']]);

    const none = await send(lonely, body);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({ code: 'form_no_consumer', message: m.noConsumer });
    const owner = await send(draft, body, { authorization: `Bearer ${account.token}` });
    expect(owner.statusCode).toBe(404);
    expect(owner.json()).toMatchObject({ message: m.notFound });
    expect(await filesIn(root)).toEqual(before);
  });

  it('asks the PIN of a form with PIN before anything else', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields, pin: '4321' });
    const flowId = await readsTheFile(account, id);
    const body = submission({ nome: 'Ana' }, [['arquivo', 'a.txt', 'x']]);

    for (const headers of [{}, { [formPinHeader]: '0000' }] as Record<string, string>[]) {
      const res = await send(id, body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'form_pin', message: m.pinWrong });
    }
    const right = await send(id, body, { [formPinHeader]: '4321' });
    expect(right.statusCode, right.body).toBe(200);
    await finished(t, flowId);
  });

  it('sweeps form uploads once their retention ends, and nothing else', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields });
    await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });
    const res = await send(id, submission({ nome: 'Ana' }, [['arquivo', 'a.txt', 'x']]));
    expect(res.statusCode, res.body).toBe(200);
    const storage = createStorageService({ driver: createLocalStorageDriver(root) });
    await storage.writeBytes(
      account.workspaceId,
      '/envios-manuais/2020-01-01/x.txt',
      Buffer.from('manual'),
      { overwrite: false },
    );
    const stored = async () =>
      (await filesIn(join(root, account.workspaceId))).filter((p) => !p.includes('.ponte'));
    expect((await stored()).some((p) => p.startsWith('envios-formularios/'))).toBe(true);

    const sweep = (days: number) =>
      createUploadRetention({
        storage,
        workspaces: async () => [account.workspaceId],
        folder: formUploadsFolder,
        maxAgeMs: 30 * 86_400_000,
        now: () => new Date(Date.now() + days * 86_400_000),
      }).sweep();
    expect(await sweep(29)).toBe(0);
    expect(await sweep(32)).toBe(1);
    expect((await stored()).filter((p) => p.startsWith('envios-formularios/'))).toEqual([]);
    expect(await stored()).toContain(join('envios-manuais', '2020-01-01', 'x.txt'));
  });
});
