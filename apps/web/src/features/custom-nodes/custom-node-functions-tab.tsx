import type {
  CustomNodeExecutionType,
  CustomNodeParam,
  CustomNodeSaveIssue,
} from '@ponte/shared/custom-nodes.schema';

/** What the 'Funções' tab edits of the connector the editor holds. */
export interface CustomNodeFunctionsValue {
  execution_type: CustomNodeExecutionType;
  code_execution_content: string;
  params: CustomNodeParam[];
}

export interface CustomNodeFunctionsTabProps {
  value: CustomNodeFunctionsValue;
  onChange: (patch: Partial<CustomNodeFunctionsValue>) => void;
  /** The save issues of the whole connector; the tab shows those under `params` and the code. */
  issues: CustomNodeSaveIssue[];
}

/** The 'Funções' tab: execution type, handler, parameters and the 'Testar' panel. */
export function CustomNodeFunctionsTab(props: CustomNodeFunctionsTabProps) {
  void props;
  return null;
}
