import { Grid, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { alertActions, webhookMethods } from '@ponte/shared/alert-rules.schema';
import type { AlertAction, AlertRuleBody, WebhookMethod } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useServiceAccountOptions } from '../../lib/service-accounts/api/get-service-account-options';
import type { SetField } from './alert-rule-draft';
import { useInstanceSmtp } from './api/get-email-senders';

const m = messages.alertRules;
const actionData = alertActions.map((action) => ({ value: action, label: m.actionLabels[action] }));
const methodData = webhookMethods.map((method) => ({ value: method, label: method.toUpperCase() }));
/** The select's value for 'Servidor SMTP da instância' (the body's null). */
const instanceSmtp = 'instance';
const smtpTypes = ['smtp_account'] as const;

/** 'Conta de envio': the instance SMTP is offered only when the server has one (PONTE_SMTP_URL). */
function EmailFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  const { accounts } = useServiceAccountOptions(smtpTypes);
  const hasInstanceSmtp = useInstanceSmtp();
  const accountData = [
    ...(hasInstanceSmtp ? [{ value: instanceSmtp, label: m.instanceSmtp }] : []),
    ...accounts.map((account) => ({ value: account._id, label: account.name })),
  ];
  const value = body.action_email_account_id ?? (hasInstanceSmtp ? instanceSmtp : null);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Destinatários"
          description="Um ou mais e-mails, separados por vírgula."
          withAsterisk
          maxLength={limits.alertEmailToMax}
          placeholder="operacao@empresa.com.br, plantao@empresa.com.br"
          value={body.action_email_to}
          onChange={(event) => set('action_email_to', event.currentTarget.value)}
        />
        <Select
          label="Conta de envio"
          description={
            hasInstanceSmtp === false
              ? m.noInstanceSmtp
              : 'A conta de serviço SMTP que envia o e-mail.'
          }
          placeholder={hasInstanceSmtp === false ? 'Escolha uma conta SMTP' : undefined}
          allowDeselect={false}
          data={accountData}
          value={value}
          onChange={(value) =>
            set('action_email_account_id', !value || value === instanceSmtp ? null : value)
          }
        />
      </SimpleGrid>
      <Textarea
        label="Mensagem"
        autosize
        minRows={3}
        maxLength={limits.alertEmailMessageMax}
        value={body.action_email_message}
        onChange={(event) => set('action_email_message', event.currentTarget.value)}
      />
    </Stack>
  );
}

function WebhookFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Select
          label="Método"
          withAsterisk
          allowDeselect={false}
          data={methodData}
          value={body.action_webhook_method}
          onChange={(value) => value && set('action_webhook_method', value as WebhookMethod)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <TextInput
          label="URL"
          withAsterisk
          maxLength={limits.alertWebhookUrlMax}
          placeholder="https://exemplo.com.br/alertas"
          value={body.action_webhook_url}
          onChange={(event) => set('action_webhook_url', event.currentTarget.value)}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The action (E-mail or Webhook) and its fields. */
export function AlertRuleActionFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Ação"
          withAsterisk
          allowDeselect={false}
          data={actionData}
          value={body.action}
          onChange={(value) => value && set('action', value as AlertAction)}
        />
      </SimpleGrid>
      {body.action === 'email' ? (
        <EmailFields body={body} set={set} />
      ) : (
        <WebhookFields body={body} set={set} />
      )}
    </Stack>
  );
}
