import { expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { StorageFileRef } from '@ponte/shared/storage.schema';
import { finished } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createConsumer, insertForm, submission } from './form-fixtures';

const m = messages.forms.public;

describeEachDriver('public forms: limits, several files and the time limit', (driver) => {
  const t = useTestApp(driver, { formResultTimeoutMs: 300 });

  const send = (id: string, body: ReturnType<typeof submission>) =>
    t.app.inject({
      method: 'POST',
      url: `/engine/forms/${id}/submit`,
      headers: body.headers,
      payload: body.payload,
    });

  it('gives the flow every file of a multiple upload, and null for an empty single one', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, {
      fields: [
        { name: 'anexos', label: 'Anexos', type: 'upload', upload_multiple: true },
        { name: 'foto', label: 'Foto', type: 'upload' },
      ],
    });
    const flowId = await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });
    const res = await send(
      id,
      submission({}, [
        ['anexos', 'um.txt', '1'],
        ['anexos', 'dois.txt', '22'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const payload = (execution!.triggerMsg as { payload: Record<string, StorageFileRef[]> })
      .payload;
    expect(payload.anexos!.map((ref) => [ref.name, ref.size])).toEqual([
      ['um.txt', 1],
      ['dois.txt', 2],
    ]);
    expect(payload.foto).toBeNull();
  });

  it('refuses values that are not a JSON object, or larger than the limit', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account);
    await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });
    for (const values of ['não é json', '[1, 2]', '{"nome": "a\\u0000b"}']) {
      const res = await send(id, submission(values));
      expect(res.statusCode, `${values}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'form_invalid', message: m.invalidSummary });
    }
    const stray = await send(id, submission({ nome: 'Ana' }, [['nome', 'a.txt', 'x']]));
    expect(stray.statusCode, stray.body).toBe(400);
    expect(stray.json()).toMatchObject({
      details: [{ field: 'nome', message: m.fileNotExpected }],
    });
    const large = await send(id, submission({ nome: 'x'.repeat(limits.formValuesMaxBytes) }));
    expect(large.statusCode, large.body).toBe(413);
    expect(large.json()).toMatchObject({ message: m.valuesTooLarge });
  });

  it('answers timeout when the flow does not answer within the time limit', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { waitFlowResult: true });
    await createConsumer(t, account, id, {
      type: 'core_delay',
      params: { amount: 1, unit: 'h' },
    });
    const res = await send(id, submission({ nome: 'Ana' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'timeout', message: m.timeout });
  });
});
