import { expect, it } from 'vitest';
import type { FormFieldInput } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import { finished } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createConsumer, insertForm, submission } from './form-fixtures';

const m = messages.forms.public;

/** Documents, phones and numbers as Brazilians type them (docs/adr/0077), checked by the server. */
const fields: FormFieldInput[] = [
  { name: 'cnpj', label: 'CNPJ', type: 'text', mask: 'cnpj', validation: 'cnpj' },
  { name: 'celular', label: 'Celular', type: 'text', validation: 'celular_br' },
  { name: 'cpf', label: 'CPF', type: 'text', validation: 'cpf' },
  { name: 'cep', label: 'CEP', type: 'text', validation: 'cep' },
  { name: 'valor', label: 'Valor', type: 'text', validation: 'number' },
];

describeEachDriver('public forms: Brazilian values', (driver) => {
  const t = useTestApp(driver, { formResultTimeoutMs: 5_000 });

  const send = (id: string, values: Record<string, string>) => {
    const body = submission(values);
    return t.app.inject({
      method: 'POST',
      url: `/engine/forms/${id}/submit`,
      headers: body.headers,
      payload: body.payload,
    });
  };

  it('takes an alphanumeric CNPJ, a +55 mobile, a spaced CPF, a dotted CEP and 1.234,56', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields });
    const flowId = await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });
    const values = {
      cnpj: '12.ABC.345/01DE-35',
      celular: '+55 (11) 91234 5678',
      cpf: '123 456 789 09',
      cep: '01.310-100',
      valor: '1.234,56',
    };
    const res = await send(id, values);
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect((execution!.triggerMsg as { payload: unknown }).payload).toMatchObject(values);
  });

  it('refuses an area code that does not exist and a wrong CNPJ check digit', async () => {
    const account = await t.createAccount();
    const id = await insertForm(t, account, { fields });
    await createConsumer(t, account, id, {
      type: 'core_log',
      params: { label: 'x', message: 'y' },
    });
    const cases: [Record<string, string>, string, string][] = [
      [{ celular: '(23) 91234-5678' }, 'celular', m.invalidMobile],
      [{ cnpj: '12.ABC.345/01DE-36' }, 'cnpj', m.invalidCnpj],
      [{ valor: '1,234.56' }, 'valor', m.invalidNumber],
    ];
    for (const [values, field, message] of cases) {
      const res = await send(id, values);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'form_invalid', details: [{ field, message }] });
    }
  });
});
