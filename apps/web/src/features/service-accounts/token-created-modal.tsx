import { Modal } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { TokenShownOnce } from '../../components/token-shown-once';

/** The new API token of a `ponte_token` account, shown this once with a copy button. */
export function TokenCreatedModal({
  token,
  onClose,
}: {
  token: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Token da API criado" size="lg" centered>
      <TokenShownOnce
        token={token ?? ''}
        warning={messages.serviceAccounts.tokenShownOnce}
        onDone={onClose}
      />
    </Modal>
  );
}
