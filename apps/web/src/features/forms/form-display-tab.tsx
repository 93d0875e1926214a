import {
  Alert,
  Anchor,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Form, FormStatus } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { statusLabels } from './form-labels';
import type { FormDraft } from './use-form-editor';

interface FormDisplayTabProps {
  draft: FormDraft;
  set: <K extends keyof FormDraft>(key: K, value: FormDraft[K]) => void;
  /** The saved form (undefined for a new one). */
  form: Form | undefined;
}

/** Tab 'Exibição': what the public page shows and how it behaves. */
export function FormDisplayTab({ draft, set, form }: FormDisplayTabProps) {
  const pinSet = Boolean(form?.auth_pin_set);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Status
        </Text>
        <SegmentedControl
          aria-label="Status"
          style={{ alignSelf: 'flex-start' }}
          data={(['draft', 'published'] as const).map((value) => ({
            value,
            label: statusLabels[value],
          }))}
          value={draft.status}
          onChange={(value) => set('status', value as FormStatus)}
        />
        <Text size="xs" c="dimmed">
          Só um form publicado abre para o público; um rascunho só você vê, pela pré-visualização.
        </Text>
      </Stack>
      {form && !form.flow_id ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          Nenhum flow ativo usa este formulário: crie um flow com o gatilho &quot;Formulário&quot;
          que o escolha e ative-o para receber os envios.
        </Alert>
      ) : null}
      {form?.flow_id ? (
        <Text size="sm">
          Flow que recebe os envios:{' '}
          <Anchor component={Link} to={`/flows/${form.flow_id._id}`}>
            {form.flow_id.name}
          </Anchor>
        </Text>
      ) : null}
      <TextInput
        label="Título"
        withAsterisk
        maxLength={limits.formTextMax}
        value={draft.title}
        onChange={(event) => set('title', event.currentTarget.value)}
      />
      <Textarea
        label="Mensagem"
        description="Texto mostrado acima dos campos. HTML simples é permitido (negrito, links, listas)."
        withAsterisk
        autosize
        minRows={3}
        maxRows={12}
        value={draft.message}
        onChange={(event) => set('message', event.currentTarget.value)}
      />
      <Textarea
        label="Mensagem de sucesso"
        description="Mostrada depois do envio. HTML simples é permitido."
        withAsterisk
        autosize
        minRows={2}
        maxRows={8}
        value={draft.success_message}
        onChange={(event) => set('success_message', event.currentTarget.value)}
      />
      <Switch
        label="Mostrar botão Voltar"
        description="Depois do envio, um botão volta ao formulário em branco."
        checked={draft.show_back_button}
        onChange={(event) => set('show_back_button', event.currentTarget.checked)}
      />
      <Switch
        label="Aguardar o resultado do flow"
        description='Mostra a resposta do flow (nó "Responder webhook") ou o seu erro depois do envio.'
        checked={draft.wait_flow_result}
        onChange={(event) => set('wait_flow_result', event.currentTarget.checked)}
      />
      <Switch
        label="Autenticação por PIN"
        description="Quem abre o formulário precisa informar o PIN."
        checked={draft.require_auth_pin}
        onChange={(event) => set('require_auth_pin', event.currentTarget.checked)}
      />
      {draft.require_auth_pin ? (
        <PasswordInput
          label="PIN"
          withAsterisk
          description="Até 6 caracteres, só letras e números."
          maxLength={limits.formPinMax}
          autoComplete="new-password"
          placeholder={pinSet ? '•••••• (definido — deixe em branco para manter)' : undefined}
          value={draft.auth_pin}
          onChange={(event) => set('auth_pin', event.currentTarget.value)}
          style={{ maxWidth: 420 }}
        />
      ) : null}
    </Stack>
  );
}
