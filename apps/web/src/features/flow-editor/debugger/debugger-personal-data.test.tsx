import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { screen, within } from '@testing-library/react';
import type { MaskSetting } from '@ponte/shared/lgpd/lgpd.schema';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import type { Role } from '@ponte/shared/roles';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { signInAs } from '../../../test/role-fixtures';
import { DebuggerPanel } from './debugger-panel';
import { personalDataTexts } from './debugger-personal-data';
import { debugLogItem, debugMessage, fakeDebuggerSocket } from './fake-debugger-socket';
import { useDebugger } from './use-debugger';

const room = 'debugger-f1';

/** The socket is made once per test (a new one on each render would reconnect forever). */
function Harness({
  mask,
  fake,
}: {
  mask: MaskSetting | undefined;
  fake: ReturnType<typeof fakeDebuggerSocket> & { connect: () => Socket };
}) {
  const debug = useDebugger({ flowId: 'f1', enabled: true, connectSocket: fake.connect });
  return (
    <>
      <button type="button" onClick={() => fake.push(room, logLine)}>
        chega um log
      </button>
      <DebuggerPanel
        debug={debug}
        onHighlightNode={() => {}}
        onClose={() => {}}
        typeLabel={() => 'Log'}
        lgpd={mask ? { mask } : undefined}
      />
    </>
  );
}

const logLine = debugMessage({
  log: debugLogItem(1, { execution_id: 'exec-9', message: 'CPF ***.982.247-**' }),
});

function setup(role: Role, mask: MaskSetting | undefined, instance = false) {
  signInAs(role);
  mockFetch([
    {
      method: 'GET',
      path: '/engine/status',
      reply: {
        body: {
          running: true,
          scheduled_jobs: 0,
          running_flows_count: 0,
          queues: { registered_queues: 0 },
          endpoint: 'http://localhost/engine',
          lgpd_mask: instance,
        },
      },
    },
  ]);
  const made = fakeDebuggerSocket();
  const fake = { ...made, connect: () => made.socket };
  return renderWithProviders(<Harness mask={mask} fake={fake} />);
}

describe('the debugger of a flow that masks personal data (docs/adr/0122)', () => {
  it('tells an owner the values shown are real, what is stored masked', async () => {
    const { user } = setup('owner', 'on');
    expect(await screen.findByText(personalDataTexts.real)).toBeInTheDocument();
    expect(personalDataTexts.real).toBe(
      'Dados pessoais visíveis: seu papel permite ver os valores reais; o que fica guardado é mascarado.',
    );
    await user.click(screen.getByRole('button', { name: 'chega um log' }));
    const rerun = screen.getByRole('button', { name: 'Reexecutar no debug' });
    expect(rerun).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Visualizar' }));
    const modal = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    const inModal = within(modal).getByRole('button', { name: 'Reexecutar no debug' });
    expect(inModal).toHaveAttribute('aria-disabled', 'true');
    await user.hover(inModal);
    expect(await screen.findByText(maskedRerunRefusal)).toBeInTheDocument();
  });

  it('tells an editor the values are masked for their role', async () => {
    setup('editor', 'on');
    expect(
      await screen.findByText(
        'Dados pessoais mascarados: seu papel não permite ver os valores reais.',
      ),
    ).toBeInTheDocument();
  });

  it('follows the instance when the flow does, and says nothing when nothing is masked', async () => {
    const masked = setup('admin', undefined, true);
    expect(await screen.findByText(personalDataTexts.real)).toBeInTheDocument();
    masked.unmount();

    const { user } = setup('editor', 'off', true);
    await user.click(screen.getByRole('button', { name: 'chega um log' }));
    expect(screen.getByRole('button', { name: 'Reexecutar no debug' })).toBeEnabled();
    expect(screen.queryByText(personalDataTexts.masked)).not.toBeInTheDocument();
    expect(screen.queryByText(personalDataTexts.real)).not.toBeInTheDocument();
  });
});
