import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import { theme } from '../../../app/theme';
import { EditorRunBar } from './editor-run-bar';

function renderBar(status: ExecutionData['execution']['status']) {
  render(
    <MantineProvider theme={theme} env="test">
      <EditorRunBar
        starting={false}
        status={status}
        destination="Resumo"
        error={undefined}
        startData={undefined}
        onChangeStartData={undefined}
      />
    </MantineProvider>,
  );
  return screen.getByRole('status', { name: 'Execução do editor' });
}

describe('EditorRunBar', () => {
  it("says a run paused for an agent tool's approval waits, not that it was stopped", () => {
    expect(renderBar('waiting')).toHaveTextContent(
      'A execução do editor aguarda a aprovação de uma ferramenta.',
    );
  });

  it('says a stopped run was stopped', () => {
    expect(renderBar('stopped')).toHaveTextContent('A execução do editor foi interrompida.');
  });
});
