import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconUpload } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { FlowImportModal } from '../../components/flow-import/flow-import-modal';
import { ImportSourceItems } from '../../components/flow-import/import-source-items';
import { useFlowImportFile } from '../../components/flow-import/use-flow-import-file';
import { errorMessage } from '../../lib/api/api-error';
import { useImportFlows } from '../../lib/flow-import/api/import-flows';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';

/**
 * 'Importar' beside 'Criar Flow' (docs/adr/0138): an n8n or Node-RED export, its report, the
 * accounts to pick, then every flow created disabled. One flow opens in the editor.
 */
export function FlowsImportMenu() {
  const file = useFlowImportFile();
  const mutation = useImportFlows();
  const navigate = useNavigate();
  const group = useNewItemGroup();
  const picked = file.picked;

  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Importar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <ImportSourceItems onPick={file.start} />
        </Menu.Dropdown>
      </Menu>
      {file.fileInput}
      {picked ? (
        <FlowImportModal
          preview={picked.preview}
          mode="create"
          busy={mutation.isPending}
          onClose={file.close}
          onConfirm={({ accounts }) =>
            mutation.mutate(
              { source: picked.source, document: picked.document, accounts, group },
              {
                onSuccess: (created) => {
                  file.close();
                  toast.success(messages.flowImport.imported(created.flows.length));
                  const [only] = created.flows;
                  if (created.flows.length === 1 && only) void navigate(`/flows/${only._id}`);
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        />
      ) : null}
    </>
  );
}
