import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { serviceRetryDefaults } from '@ponte/shared/flow/node-on-error';
import { renderWithProviders } from '../../../test/render';
import { OnErrorSection } from './on-error-section';

const action: NodeManifest = {
  type: 'core_http_request',
  version: 1,
  category: 'action',
  label: 'Requisição HTTP',
  description: '',
  icon: 'world',
  params: {},
  outputs: { default: { label: 'Saída' } },
};
const node: FlowNode = {
  uid: 'api',
  type: action.type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  params: {},
};

function setup(start: FlowNode = node, manifest = action, readOnly = false) {
  const onChange = vi.fn<(next: FlowNode['onError']) => void>();
  function Harness() {
    const [current, setCurrent] = useState(start);
    return (
      <OnErrorSection
        node={current}
        manifest={manifest}
        readOnly={readOnly}
        onChange={(policy) => {
          onChange(policy);
          const { onError: _old, ...rest } = current;
          setCurrent(policy ? { ...rest, onError: policy } : rest);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { onChange, last: () => onChange.mock.lastCall?.[0] };
}

describe("'Em caso de erro' in the node panel", () => {
  it('turns retries on with growing waits and jitter, and off again without a trace', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    const retries = screen.getByRole('textbox', { name: 'Novas tentativas' });
    expect(retries).toHaveValue('0');
    expect(screen.queryByText('Espera entre as tentativas')).not.toBeInTheDocument();
    await user.clear(retries);
    await user.type(retries, '3');
    expect(last()).toMatchObject({
      retries: 3,
      backoff: 'exponential',
      base_ms: 1_000,
      jitter: true,
    });
    expect(last()?.match).toBeUndefined();
    expect(screen.getByRole('checkbox', { name: 'Variar as esperas' })).toBeChecked();

    const base = screen.getByRole('textbox', { name: 'Primeira espera (s)' });
    await user.clear(base);
    await user.type(base, '2,5');
    expect(last(), JSON.stringify(last())).toMatchObject({ base_ms: 2_500 });

    await user.click(screen.getByRole('radio', { name: 'Fixa' }));
    expect(last()).toMatchObject({ backoff: 'fixed' });
    expect(screen.queryByRole('textbox', { name: 'Multiplicador' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Espera (s)' })).toHaveValue('2,5');

    await user.clear(retries);
    await user.type(retries, '0');
    expect(last()).toBeUndefined();
  });

  it('retries only on the chosen failures, refusing a bad status and a bad regex', async () => {
    const user = userEvent.setup();
    const { last } = setup({ ...node, onError: { ...serviceRetryDefaults } });
    expect(screen.getByRole('radio', { name: 'Só nestes erros' })).toBeChecked();
    expect(screen.getByText('429')).toBeInTheDocument();
    expect(screen.getByText('503')).toBeInTheDocument();

    const statuses = screen.getByRole('combobox', { name: /Status HTTP/ });
    await user.type(statuses, '5xx{Enter}');
    expect(last()?.match?.statuses).toEqual(['429', '503', '5xx']);
    await user.type(statuses, '999{Enter}');
    expect(screen.getByText('Use um código de 100 a 599, 4xx ou 5xx.')).toBeInTheDocument();
    expect(last()?.match?.statuses).toEqual(['429', '503', '5xx']);

    await user.click(screen.getByRole('checkbox', { name: 'Tempo esgotado' }));
    expect(last()?.match?.timeouts).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Mensagem do erro contém/ }), '/(/');
    expect(screen.getByText('A expressão regular não é válida.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Qualquer erro' }));
    expect(last()?.match).toBeUndefined();
  });

  it('says what happens after: continue with the input, with no retries too', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Quando falhar' }));
    await user.click(await screen.findByRole('option', { name: 'Continuar com a entrada' }));
    expect(last()).toMatchObject({ retries: 0, then: 'continue' });
  });

  it('is not offered on a trigger', () => {
    setup(node, { ...action, category: 'trigger' });
    expect(screen.queryByText('Em caso de erro')).not.toBeInTheDocument();
  });
});
