import { Alert } from '@mantine/core';
import type { FlowLgpd } from '@ponte/shared/lgpd/lgpd.schema';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import { useLgpdMaskDefault } from '../../../lib/engine/get-engine-status';
import { useCan } from '../../../lib/session/use-can';

/** What the debugger of a flow that stores personal data masked shows (docs/adr/0122). */
export const personalDataTexts = {
  real: 'Dados pessoais visíveis: seu papel permite ver os valores reais; o que fica guardado é mascarado.',
  masked: 'Dados pessoais mascarados: seu papel não permite ver os valores reais.',
} as const;

export interface DebuggerPersonalData {
  /** The flow's executions store personal data masked. */
  masked: boolean;
  /** The notice over the messages; null when the flow does not mask. */
  notice: string | null;
  /** Why 'Reexecutar no debug' is off (its executions would run on masked values), or null. */
  rerunRefusal: string | null;
}

/**
 * Whether the flow's debugger is masked, and for this person: the flow's `config.lgpd.mask`,
 * else the instance's (the engine status says it); the real values for the roles with
 * 'personalData.read'.
 */
export function useDebuggerPersonalData(
  lgpd: Pick<FlowLgpd, 'mask'> | undefined,
): DebuggerPersonalData {
  const instance = useLgpdMaskDefault();
  const { allowed } = useCan('personalData.read');
  const setting = lgpd?.mask ?? 'default';
  const masked = setting === 'default' ? (instance ?? false) : setting === 'on';
  if (!masked) return { masked, notice: null, rerunRefusal: null };
  return {
    masked,
    notice: allowed ? personalDataTexts.real : personalDataTexts.masked,
    rerunRefusal: maskedRerunRefusal,
  };
}

/** The notice under the debugger's bar. */
export function PersonalDataNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <Alert color="blue" variant="light" py={4} mx="md" mb={4}>
      {notice}
    </Alert>
  );
}
