import { useState } from 'react';
import { Divider, Select, Stack, TagsInput } from '@mantine/core';
import {
  maskPathSchema,
  maskPathsMax,
  maskSettings,
  type FlowLgpd,
  type MaskSetting,
} from '@ponte/shared/lgpd/lgpd.schema';
import { useLgpdMaskDefault } from '../../../lib/engine/get-engine-status';

/** The part of a flow's LGPD options this section edits (docs/adr/0122). */
export type FlowMaskOptions = Pick<FlowLgpd, 'mask' | 'mask_paths'>;

/** The flow's masking as stored, absent options following the instance. */
export function maskOptionsOf(lgpd: Partial<FlowLgpd> | undefined): FlowMaskOptions {
  return { mask: lgpd?.mask ?? 'default', mask_paths: lgpd?.mask_paths ?? [] };
}

/** 'Padrão da instância (ligado)', once the instance's PONTE_LGPD_MASK is known. */
function instanceLabel(instance: boolean | undefined): string {
  if (instance === undefined) return 'Padrão da instância';
  return `Padrão da instância (${instance ? 'ligado' : 'desligado'})`;
}

const settingLabels: Record<Exclude<MaskSetting, 'default'>, string> = {
  on: 'Ligado',
  off: 'Desligado',
};

/**
 * 'Opções do Flow' → 'Dados pessoais (LGPD)': whether the flow's logs and executions store
 * personal data masked, and the fields masked whole.
 */
export function FlowOptionsLgpd({
  value,
  onChange,
}: {
  value: FlowMaskOptions;
  onChange: (value: FlowMaskOptions) => void;
}) {
  const instance = useLgpdMaskDefault();
  const [pathError, setPathError] = useState<string | null>(null);
  const options = maskSettings.map((setting) => ({
    value: setting,
    label: setting === 'default' ? instanceLabel(instance) : settingLabels[setting],
  }));

  const changePaths = (typed: string[]) => {
    const refusal = typed
      .map((path) => maskPathSchema.safeParse(path))
      .find((parsed) => !parsed.success);
    setPathError(refusal?.error?.issues[0]?.message ?? null);
    const valid = typed.flatMap((path) => {
      const parsed = maskPathSchema.safeParse(path);
      return parsed.success ? [parsed.data] : [];
    });
    onChange({ ...value, mask_paths: [...new Set(valid)] });
  };

  return (
    <Stack gap="sm">
      <Divider label="Dados pessoais (LGPD)" labelPosition="left" />
      <Select
        label="Mascarar dados pessoais nos logs e nas execuções"
        description="Ligado, o que fica guardado das execuções deste flow (logs, entrada e saída dos conectores, mensagem do gatilho e erro) tem CPF, CNPJ, e-mail, telefone, CEP e cartão mascarados. O flow roda com os valores reais: uma tabela, fila ou arquivo que ele grava recebe o valor real. Execuções guardadas mascaradas não podem ser reexecutadas."
        data={options}
        value={value.mask}
        onChange={(picked) =>
          onChange({ ...value, mask: maskSettings.find((s) => s === picked) ?? 'default' })
        }
        allowDeselect={false}
      />
      <TagsInput
        label="Campos a mascarar inteiros"
        description="Com o mascaramento ligado, estes campos da mensagem são guardados como ***, seja qual for o valor: o caminho a partir da mensagem (payload.cliente.nome), com * para qualquer item de uma lista (itens.*.cpf), ou só o nome do campo (nome), que vale em qualquer nível. Enter para incluir."
        value={value.mask_paths}
        maxTags={maskPathsMax}
        error={pathError}
        onChange={changePaths}
        splitChars={[',', ' ']}
      />
    </Stack>
  );
}
