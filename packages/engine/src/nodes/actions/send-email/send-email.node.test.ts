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

  it('accepts recipients written as Nome <email@dominio>, a quoted name holding a comma too', async () => {
    const ports = createFakePorts();
    const { emitted } = await runNode(sendEmailNode, {
      ports,
      params: {
        service_account: 'smtp1',
        to: 'Ana Souza <ana@exemplo.com.br>, "Silva, Caio" <caio@exemplo.com.br>; bia@exemplo.com.br',
        cc: 'Financeiro <financeiro@exemplo.com.br>',
        subject: 'Oi',
        text: 'corpo',
      },
    });
    const to = [
      'Ana Souza <ana@exemplo.com.br>',
      '"Silva, Caio" <caio@exemplo.com.br>',
      'bia@exemplo.com.br',
    ];
    expect(ports.mails[0]).toMatchObject({ to, cc: ['Financeiro <financeiro@exemplo.com.br>'] });
    expect(emitted[0]?.msg.email).toMatchObject({ to });
    await expect(
      runNode(sendEmailNode, {
        params: { service_account: 's', subject: 'Oi', text: 'c', to: 'Ana <ana-sem-arroba>' },
      }),
    ).rejects.toThrow('Endereço de e-mail inválido: Ana <ana-sem-arroba>');
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

describe('core_send_email: copies and attachments', () => {
  const base = { service_account: 'smtp1', to: 'ana@exemplo.com.br', subject: 'Oi', text: 'corpo' };

  it('sends cc, bcc and the attachments of the message, base64 or text', async () => {
    const ports = createFakePorts();
    const { emitted } = await runNode(sendEmailNode, {
      ports,
      input: {
        payload: {},
        attachments: [
          { filename: 'nota.pdf', content: Buffer.from('%PDF-1.4').toString('base64') },
          { filename: 'lista.csv', content: 'a;b\n1;2', encoding: 'text', contentType: 'text/csv' },
        ],
      },
      params: {
        ...base,
        cc: 'bia@exemplo.com.br; caio@exemplo.com.br',
        bcc: 'auditoria@exemplo.com.br',
        attachments: '{{ msg.attachments }}',
      },
    });
    const sent = ports.mails[0]!;
    expect(sent.cc).toEqual(['bia@exemplo.com.br', 'caio@exemplo.com.br']);
    expect(sent.bcc).toEqual(['auditoria@exemplo.com.br']);
    expect(sent.attachments?.map((a) => [a.filename, Buffer.from(a.content).toString()])).toEqual([
      ['nota.pdf', '%PDF-1.4'],
      ['lista.csv', 'a;b\n1;2'],
    ]);
    expect(sent.attachments?.[1]?.contentType).toBe('text/csv');
    expect(emitted[0]?.msg.email).toMatchObject({ attachments: ['nota.pdf', 'lista.csv'] });
  });

  it("accepts the HTTP node's binary payload as content", async () => {
    const ports = createFakePorts();
    await runNode(sendEmailNode, {
      ports: ports,
      input: { payload: { encoding: 'base64', data: Buffer.from('bytes').toString('base64') } },
      params: { ...base, attachments: '{{ {"filename": "a.bin", "content": msg.payload} }}' },
    });
    expect(Buffer.from(ports.mails[0]!.attachments![0]!.content).toString()).toBe('bytes');
  });

  it('validates cc and bcc like to, and leaves them out when empty', async () => {
    await expect(runNode(sendEmailNode, { params: { ...base, cc: 'x@y' } })).rejects.toThrow(
      'Endereço de e-mail inválido: x@y',
    );
    await expect(
      runNode(sendEmailNode, { params: { ...base, bcc: 'ok@exemplo.com, ruim' } }),
    ).rejects.toThrow('Endereço de e-mail inválido: ruim');
    const ports = createFakePorts();
    await runNode(sendEmailNode, { ports, params: { ...base, cc: ' ', bcc: '' } });
    expect(ports.mails[0]).not.toHaveProperty('cc');
    expect(ports.mails[0]).not.toHaveProperty('bcc');
  });

  it('refuses too many attachments, too many bytes, and content that is not base64', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ filename: `f${i}.txt`, content: 'YQ==' }));
    const big = [
      { filename: 'a.bin', content: Buffer.alloc(6 * 1024 * 1024).toString('base64') },
      { filename: 'b.bin', content: Buffer.alloc(5 * 1024 * 1024).toString('base64') },
    ];
    const run = (attachments: unknown) =>
      runNode(sendEmailNode, {
        input: { payload: {}, attachments },
        params: { ...base, attachments: '{{ msg.attachments }}' },
      });
    await expect(run(many)).rejects.toThrow(
      'Um e-mail pode ter no máximo 20 anexos (recebidos 21).',
    );
    await expect(run(big)).rejects.toThrow(
      'Os anexos de um e-mail somam no máximo 10 MB; "b.bin" passa desse limite.',
    );
    await expect(run([{ filename: 'x.txt', content: 'olá mundo' }])).rejects.toThrow(
      'O conteúdo do anexo "x.txt" não está em base64. Para texto, informe encoding: "text".',
    );
    await expect(run([{ content: 'YQ==' }])).rejects.toThrow(
      'Informe o nome do anexo 1 (filename).',
    );
    await expect(run('texto solto')).rejects.toThrow('Os anexos devem ser uma lista');
  });
});
