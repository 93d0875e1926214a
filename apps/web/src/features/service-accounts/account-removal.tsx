import { useState } from 'react';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { serviceAccountInUseSchema } from '@ponte/shared/service-accounts.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useDeleteServiceAccount } from './api/delete-service-account';
import type { ListedAccount } from './api/get-service-accounts';

type Stage =
  | { step: 'confirm'; account: ListedAccount }
  | { step: 'in-use'; account: ListedAccount; message: string }
  | null;

/** The server's 409 names the flows in `details.flows`; its message is the fallback. */
function inUseMessage(error: { message: string; body: unknown }): string {
  const body = error.body as { details?: unknown } | undefined;
  const parsed = serviceAccountInUseSchema.safeParse(body?.details);
  if (parsed.success && parsed.data.flows.length > 0)
    return messages.serviceAccounts.inUse(parsed.data.flows.map((flow) => flow.name).join(', '));
  return error.message;
}

/**
 * Removal (spec 2 'Service accounts'): 'Tem certeza que deseja remover esta conta de serviço?';
 * when flows use the account the server answers 409 naming them and a second confirmation
 * removes it with `confirm=true`.
 */
export function useAccountRemoval() {
  const remove = useDeleteServiceAccount();
  const [stage, setStage] = useState<Stage>(null);

  const run = async (confirm: boolean) => {
    if (!stage) return;
    try {
      await remove.mutateAsync({ id: stage.account._id, confirm });
      toast.success(messages.serviceAccounts.removed);
      setStage(null);
    } catch (error) {
      if (
        !confirm &&
        isApiError(error) &&
        error.status === 409 &&
        error.code === errorCodes.serviceAccountInUse
      ) {
        setStage({ step: 'in-use', account: stage.account, message: inUseMessage(error) });
        return;
      }
      toast.error(messages.serviceAccounts.removeError);
      setStage(null);
    }
  };

  const modals = (
    <>
      <ConfirmModal
        opened={stage?.step === 'confirm'}
        title="Remover conta de serviço"
        message={messages.serviceAccounts.removeConfirm}
        onConfirm={() => void run(false)}
        onCancel={() => setStage(null)}
        loading={remove.isPending}
        danger
      />
      <ConfirmModal
        opened={stage?.step === 'in-use'}
        title="Conta de serviço em uso"
        message={
          stage?.step === 'in-use' ? `${stage.message} Deseja remover mesmo assim?` : undefined
        }
        onConfirm={() => void run(true)}
        onCancel={() => setStage(null)}
        loading={remove.isPending}
        danger
      />
    </>
  );

  return { ask: (account: ListedAccount) => setStage({ step: 'confirm', account }), modals };
}
