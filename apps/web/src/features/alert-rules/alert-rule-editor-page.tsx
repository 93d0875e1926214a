import { useMemo } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { LoadedForm } from '../../components/loaded-form';
import { PageHeader } from '../../components/page-header';
import { useEditorReload } from '../../components/version-history/use-editor-reload';
import { useVersionedEditor } from '../../components/version-history/use-versioned-editor';
import { errorMessage } from '../../lib/api/api-error';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateAlertRule, useUpdateAlertRule } from './api/alert-rule-mutations';
import { useAlertRule } from './api/get-alert-rules';
import type { VersionedAlertRule } from './api/get-alert-rules';
import { AlertRuleActionFields } from './alert-rule-action-fields';
import {
  NoSuccessFields,
  QueueBacklogFields,
  StuckExecutionFields,
} from './alert-rule-deadman-fields';
import { bodyOf, draftOf, useAlertRuleDraft } from './alert-rule-draft';
import { AlertRuleFirings } from './alert-rule-firings';
import { AlertRuleGeneralFields } from './alert-rule-general-fields';
import { AlertRuleMatchFields } from './alert-rule-match-fields';
import { alertRuleVersionLabels } from './alert-rule-version-labels';

const m = messages.alertRules;
const listPath = '/alert-rules';

/** /alert-rules/new and /alert-rules/edit/{id} (spec 2 'Alert rules', §3, §5, §8, §9). */
export function AlertRuleEditorPage() {
  const { id } = useParams();
  const existing = useAlertRule(id);
  const { generation, reload } = useEditorReload(existing.refetch);
  return (
    <>
      <PageHeader title={id ? m.editorTitleEdit : m.editorTitleNew} />
      <LoadedForm editing={Boolean(id)} query={existing} backTo={listPath}>
        {() => (
          <Stack gap="lg">
            <AlertRuleEditor
              key={`${id ?? 'new'}-${generation}`}
              id={id}
              rule={existing.data}
              reload={reload}
            />
            {id ? <AlertRuleFirings id={id} /> : null}
          </Stack>
        )}
      </LoadedForm>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function AlertRuleEditor({
  id,
  rule,
  reload,
}: {
  id: string | undefined;
  rule: VersionedAlertRule | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('alerts.write').reason;
  const navigate = useNavigate();
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const saving = create.isPending || update.isPending;
  const newItemGroup = useNewItemGroup();
  const { draft, set, setNoSuccess } = useAlertRuleDraft(draftOf(rule, newItemGroup));
  const { body } = draft;
  const saved = useSavedValue(useMemo(() => bodyOf(draft), [draft]));
  const unsaved = useUnsavedChanges(saved.dirty);
  const versions = useVersionedEditor({
    resource: id ? { kind: 'alert_rule', id } : null,
    loaded: rule?.version,
    dirty: saved.dirty,
    labels: alertRuleVersionLabels,
    reload,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) void save();
  };

  const save = async () => {
    try {
      const sent = bodyOf(draft);
      const stored = id
        ? await update.mutateAsync({ id, body: { ...sent, ...versions.stamp() } })
        : await create.mutateAsync(sent);
      versions.saved(stored);
      toast.success(m.saved);
      saved.markSaved(sent);
      if (!id) {
        unsaved.allowNextNavigation();
        void navigate(`${listPath}/edit/${encodeURIComponent(stored._id)}`);
      }
    } catch (failure) {
      if (versions.refuse(failure, () => void save())) return;
      toast.error(m.saveError(errorMessage(failure)));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <AlertRuleGeneralFields body={body} set={set} />
          </Stack>
        </Paper>
        <Section title={m.typeLabels[body.type]}>
          {body.type === 'match_log' ? <AlertRuleMatchFields body={body} set={set} /> : null}
          {body.type === 'no_success' ? (
            <NoSuccessFields draft={draft} set={set} setNoSuccess={setNoSuccess} />
          ) : null}
          {body.type === 'queue_backlog' ? <QueueBacklogFields body={body} set={set} /> : null}
          {body.type === 'stuck_execution' ? <StuckExecutionFields body={body} set={set} /> : null}
        </Section>
        <Section title="Notificação">
          <AlertRuleActionFields body={body} set={set} />
        </Section>
        <Group justify="flex-end" gap="sm">
          {versions.historyButton}
          <Button variant="default" disabled={saving} onClick={() => void navigate(listPath)}>
            Cancelar
          </Button>
          <DeniedButton
            type="submit"
            loading={saving}
            denied={saveDenied}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            Salvar
          </DeniedButton>
        </Group>
      </Stack>
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
