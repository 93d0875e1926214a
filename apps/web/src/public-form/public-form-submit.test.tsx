import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { formPinHeader } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import { sessionKeys } from '../lib/session/session-store';
import { apiError, mockFetch } from '../test/mock-fetch';
import {
  cpfField,
  definitionPath,
  partsOf,
  publicField,
  publicForm,
  renderPage,
  submitPath,
} from './test-fixtures';

const texts = formMessages.public;
const nome = publicField('text', 'nome', 'Nome', { is_required: true });
const anexos = publicField('upload', 'anexos', 'Anexos', { upload_multiple: true });
const foto = publicField('upload', 'foto', 'Foto');

/** Holds the submit's answer until `release` is called (to see the page while it sends). */
function holdSubmit(inner: typeof fetch) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') await gate;
    return inner(input, init);
  });
  return () => release();
}

describe('public form page: sending', () => {
  it('sends the values first, then the files by field code, and shows the success screen', async () => {
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: { body: publicForm([nome, cpfField, anexos, foto]) },
      },
      { method: 'POST', path: submitPath, reply: { body: { outcome: 'sent' } } },
    ]);
    const { user, container } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana Souza');
    await user.type(screen.getByRole('textbox', { name: /CPF/ }), '52998224725');
    const [anexosInput, fotoInput] = container.querySelectorAll('input[type="file"]');
    await user.upload(fotoInput as HTMLInputElement, new File(['f'], 'rosto.jpg'));
    await user.upload(anexosInput as HTMLInputElement, [
      new File(['a'], 'a.pdf'),
      new File(['b'], 'b.pdf'),
    ]);
    await user.click(screen.getByRole('button', { name: texts.submit }));

    expect(await screen.findByText('O formulário foi enviado com sucesso!')).toBeVisible();
    const call = api.callsTo('POST', submitPath)[0];
    expect(call?.headers[formPinHeader]).toBeUndefined();
    expect(partsOf(call?.body)).toEqual([
      ['values', JSON.stringify({ nome: 'Ana Souza', cpf: '529.982.247-25' })],
      ['anexos', 'arquivo:a.pdf'],
      ['anexos', 'arquivo:b.pdf'],
      ['foto', 'arquivo:rosto.jpg'],
    ]);

    await user.click(screen.getByRole('button', { name: texts.back }));
    expect(await screen.findByRole('textbox', { name: /Nome/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /CPF/ })).toHaveValue('');
  });

  it('waits for the flow with a progress bar and shows its answer as text, never as HTML', async () => {
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: { body: publicForm([nome], { wait_flow_result: true }) },
      },
      {
        method: 'POST',
        path: submitPath,
        reply: { body: { outcome: 'result', result: 'Protocolo 42\n<b>recebido</b>' } },
      },
    ]);
    const release = holdSubmit(api.fetch as unknown as typeof fetch);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: texts.submit }));

    expect(await screen.findByRole('progressbar')).toBeVisible();
    expect(screen.getByText(texts.waiting)).toBeVisible();
    release();

    const result = await screen.findByTestId('flow-result');
    expect(result.textContent).toBe('Protocolo 42\n<b>recebido</b>');
    expect(result.querySelector('b')).toBeNull();
    expect(screen.getByText('O formulário foi enviado com sucesso!')).toBeVisible();
  });

  it('shows an object answer field by field, nested values as formatted JSON', async () => {
    mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: { body: publicForm([nome], { wait_flow_result: true }) },
      },
      {
        method: 'POST',
        path: submitPath,
        reply: { body: { outcome: 'result', result: { protocolo: 42, itens: [1, 2] } } },
      },
    ]);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect((await screen.findByTestId('flow-result')).textContent).toBe(
      'Protocolo42Itens[\n  1,\n  2\n]',
    );
  });

  it('shows the timeout of a flow that did not answer in time', async () => {
    mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: { body: publicForm([nome], { wait_flow_result: true }) },
      },
      {
        method: 'POST',
        path: submitPath,
        reply: { body: { outcome: 'timeout', message: texts.timeout } },
      },
    ]);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.timeout);
    expect(screen.queryByText('O formulário foi enviado com sucesso!')).toBeNull();
  });

  it('puts the server’s refusals (400) under their fields', async () => {
    mockFetch([
      { method: 'GET', path: definitionPath, reply: { body: publicForm([nome, cpfField]) } },
      {
        method: 'POST',
        path: submitPath,
        reply: {
          status: 400,
          body: {
            statusCode: 400,
            code: 'form_invalid',
            message: texts.invalidSummary,
            details: [{ field: 'cpf', message: texts.invalidCpf }],
          },
        },
      },
    ]);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    const cpf = screen.getByRole('textbox', { name: /CPF/ });
    await user.type(cpf, '52998224725');
    await user.click(screen.getByRole('button', { name: texts.submit }));

    expect(await screen.findByText(texts.invalidCpf)).toBeVisible();
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(texts.invalidSummary);
  });

  it('shows the server’s message when the form has no flow to start (409)', async () => {
    mockFetch([
      { method: 'GET', path: definitionPath, reply: { body: publicForm([nome]) } },
      {
        method: 'POST',
        path: submitPath,
        reply: apiError(409, texts.noConsumer, 'form_no_consumer'),
      },
    ]);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.noConsumer);
    expect(screen.getByRole('button', { name: texts.submit })).toBeEnabled();
  });
});

describe('public form page: PIN, preview and not found', () => {
  it('asks the PIN, says when it is wrong, and sends it again with the submit', async () => {
    const form = publicForm([nome], { require_auth_pin: true });
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: (call) => {
          const pin = call.headers[formPinHeader];
          if (!pin) return { body: { ...form, locked: true, fields: [] } };
          if (pin !== 'A1B2') return apiError(401, texts.pinWrong, 'form_pin');
          return { body: form };
        },
      },
      { method: 'POST', path: submitPath, reply: { body: { outcome: 'sent' } } },
    ]);
    const { user } = renderPage();
    expect(await screen.findByText(texts.pinTitle)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cadastro de cliente');
    expect(screen.queryByRole('textbox', { name: /Nome/ })).toBeNull();

    const pin = screen.getByLabelText(texts.pinLabel);
    await user.type(pin, 'errado');
    await user.click(screen.getByRole('button', { name: texts.pinEnter }));
    expect(await screen.findByText(texts.pinWrong)).toBeVisible();

    await user.clear(pin);
    await user.type(pin, 'A1B2');
    await user.click(screen.getByRole('button', { name: texts.pinEnter }));
    await user.type(await screen.findByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    await screen.findByText('O formulário foi enviado com sucesso!');
    expect(api.callsTo('POST', submitPath)[0]?.headers[formPinHeader]).toBe('A1B2');
    expect(window.localStorage.length).toBe(0);
  });

  it('shows the server’s message when PIN attempts are throttled (429)', async () => {
    const form = publicForm([nome], { require_auth_pin: true });
    mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: (call) =>
          call.headers[formPinHeader]
            ? apiError(429, texts.pinThrottled(15), 'rate_limited')
            : { body: { ...form, locked: true, fields: [] } },
      },
    ]);
    const { user } = renderPage();
    await user.type(await screen.findByLabelText(texts.pinLabel), '123');
    await user.click(screen.getByRole('button', { name: texts.pinEnter }));
    expect(await screen.findByText(texts.pinThrottled(15))).toBeVisible();
  });

  it('previews a draft for a signed-in member, with sending turned off', async () => {
    window.localStorage.setItem(sessionKeys.token, 'token-da-sessao');
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: (call) =>
          call.headers.Authorization === 'Bearer token-da-sessao'
            ? { body: publicForm([nome], { preview: true }) }
            : apiError(404, texts.notFound, 'not_found'),
      },
    ]);
    renderPage();
    expect(await screen.findByText(texts.previewBanner)).toBeVisible();
    expect(screen.getByText(texts.previewSubmit)).toBeVisible();
    expect(screen.getByRole('button', { name: texts.submit })).toBeDisabled();
    expect(api.calls.map((call) => call.headers.Authorization)).toEqual([
      undefined,
      'Bearer token-da-sessao',
    ]);
  });

  it('says the form was not found when it is not published and there is no session', async () => {
    const api = mockFetch([
      { method: 'GET', path: definitionPath, reply: apiError(404, texts.notFound, 'not_found') },
    ]);
    renderPage();
    expect(await screen.findByText(texts.notFound)).toBeVisible();
    expect(api.calls).toHaveLength(1);
  });
});
