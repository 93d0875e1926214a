import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { sendEmailNode } from './send-email.node.ts';

describe('core_send_email', () => {
  it('sends through the SMTP account with the resolved fields', async () => {
    const ports = createFakePorts();
    const { emitted } = await runNode(sendEmailNode, {
      ports,
      input: { payload: { cliente: 'Ana', email: 'ana@exemplo.com.br' } },
      params: {
        service_account: 'smtp1',
        to: '{{ msg.payload.email }}; financeiro@exemplo.com.br',
        subject: 'Pedido de {{ msg.payload.cliente }}',
        html: '<p>Olá, {{ msg.payload.cliente }}</p>',
      },
    });
    expect(ports.mails).toEqual([
      {
        serviceAccountId: 'smtp1',
        to: ['ana@exemplo.com.br', 'financeiro@exemplo.com.br'],
        subject: 'Pedido de Ana',
        html: '<p>Olá, Ana</p>',
      },
    ]);
    expect(emitted[0]?.msg.email).toEqual({
      to: ['ana@exemplo.com.br', 'financeiro@exemplo.com.br'],
      message_id: 'mail-1',
    });
  });

  it('names a bad address and requires a body', async () => {
    const base = { service_account: 's', subject: 'Oi', text: 'corpo' };
    await expect(
      runNode(sendEmailNode, { params: { ...base, to: 'ana@exemplo.com, bia-sem-arroba' } }),
    ).rejects.toThrow('Endereço de e-mail inválido: bia-sem-arroba');
    await expect(
      runNode(sendEmailNode, { params: { ...base, text: ' ', to: 'a@b.co' } }),
    ).rejects.toThrow('Informe o corpo do e-mail, em HTML ou em texto.');
  });

  it('refuses an over-long address from the input at once, without quoting all of it', async () => {
    const long = `a@${'a.'.repeat(100_000)}@`;
    const failure = runNode(sendEmailNode, {
      input: { payload: { email: long } },
      params: { service_account: 's', subject: 'Oi', text: 'corpo', to: '{{ msg.payload.email }}' },
    });
    await expect(failure).rejects.toThrow(`Endereço de e-mail inválido: ${long.slice(0, 80)}…`);
  });
});
