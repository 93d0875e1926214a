import type { CustomNodeParamType } from '@ponte/shared/custom-nodes.schema';
import { customNodeParamTypes } from '@ponte/shared/custom-nodes.schema';

/** How the editor names each param type (spec 2 §3 Param, plus the service account picker). */
export const customNodeParamTypeLabels: Record<CustomNodeParamType, string> = {
  text: 'Texto',
  textarea: 'Área de texto',
  select: 'Lista de seleção',
  'code-editor': 'Editor de código',
  'table-params': 'Tabela de parâmetros',
  service_account: 'Conta de serviço',
  number: 'Número',
  boolean: 'Sim/Não',
};

export const customNodeParamTypeOptions = customNodeParamTypes.map((type) => ({
  value: type,
  label: customNodeParamTypeLabels[type],
}));

/** Types whose param has no default value a person could give. */
export const noDefaultParamTypes: readonly CustomNodeParamType[] = [
  'table-params',
  'service_account',
];
