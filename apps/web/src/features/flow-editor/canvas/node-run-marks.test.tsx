import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { NodeRunMarks } from './node-run-marks';

describe("a node's marks in a run", () => {
  it('says which attempt comes next and when, while the node waits to try again', () => {
    const at = Date.parse('2026-11-30T15:00:05Z');
    renderWithProviders(
      <NodeRunMarks run={{ state: 'retrying', retry: { attempt: 2, of: 4, at } }} />,
    );
    expect(screen.getByLabelText('Nova tentativa')).toBeInTheDocument();
    expect(screen.getByText('tentativa 2 de 4')).toHaveAttribute(
      'title',
      'Nova tentativa em 30/11/2026 12:00:05',
    );
  });
});
