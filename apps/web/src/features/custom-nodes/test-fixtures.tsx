import type { CustomNode } from '@ponte/shared/custom-nodes.schema';
import { newCustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';
import type { CustomNodeFunctionsTabProps } from './custom-node-functions-tab';

export const cepHandler = `async function handler(msg, params) {
  return { ...msg, payload: { cep: params.cep } };
}
`;

/** A 1x1 PNG as a data URL. */
export const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const consultaCep: CustomNode = {
  _id: 'cn1',
  name: 'Consulta CEP',
  service_name: 'ViaCEP',
  description: 'Formata e consulta um CEP.',
  enabled: true,
  imageData: tinyPng,
  execution_type: 'custom_code',
  code_execution_content: cepHandler,
  params: [{ ...newCustomNodeParam('text', 0), name: 'cep', label: 'CEP', is_required: true }],
  group: 'g1',
  version: 3,
  revision: 5,
  node_type: 'custom_cn1',
  workspace_id: 'w1',
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

export { listOf };

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/custom-nodes/cn1', reply: { body: consultaCep } },
  ]);
}

/**
 * Stands in for the 'Funções' tab (its own tests cover it): shows the code it receives and the
 * issues, edits the code, and adds a text param.
 */
export function FakeFunctionsTab({ value, onChange, issues }: CustomNodeFunctionsTabProps) {
  return (
    <div>
      <textarea
        aria-label="Código do handler"
        value={value.code_execution_content}
        onChange={(event) => onChange({ code_execution_content: event.currentTarget.value })}
      />
      <button
        type="button"
        onClick={() =>
          onChange({ params: [...value.params, newCustomNodeParam('text', value.params.length)] })
        }
      >
        Adicionar parâmetro
      </button>
      <p data-testid="param-count">{value.params.length} parâmetros</p>
      <ul aria-label="Problemas das funções">
        {issues.map((issue) => (
          <li key={issue.path.join('.')}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}
