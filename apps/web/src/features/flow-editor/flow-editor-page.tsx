import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Flow } from '@ponte/shared/flows.schema';
import { errorMessage } from '../../lib/api/api-error';
import { getFlowQueryOptions, useFlow } from '../../lib/flows/api/get-flow';
import { useShellOverrides } from '../../lib/shell/shell-layout';
import { FlowEditor } from './flow-editor';

/**
 * /flows/new and /flows/{id} (spec 1 §2.6): the sidebar minimised, the header hidden, the
 * editor over the whole page. A new flow exists only after its first save.
 */
export function FlowEditorPage() {
  const { id } = useParams();
  useShellOverrides({ sidebarMinimised: true, headerHidden: true, fullBleed: true });
  // A new flow's first save moves the page to the flow's address: the same editor goes on there
  // (its undo history, selection and open dialogs), it is not mounted again. Another visit to
  // /flows/new (a new history entry) starts a new one.
  const location = useLocation();
  const [created, setCreated] = useState<{ id: string; at: string } | null>(null);
  const [fresh, setFresh] = useState(0);
  if (id === undefined && created !== null && created.at !== location.key) {
    setCreated(null);
    setFresh(fresh + 1);
  }
  // A reload or a restore (docs/adr/0103) starts the editor again on the flow's current version.
  const queryClient = useQueryClient();
  const [replaced, setReplaced] = useState(0);
  const replace = (flow: Flow) => {
    queryClient.setQueryData(getFlowQueryOptions(flow._id).queryKey, flow);
    setCreated(null);
    setReplaced((count) => count + 1);
  };
  const continuing = id !== undefined && id === created?.id;
  return (
    <ReactFlowProvider key={`${id === undefined || continuing ? `new-${fresh}` : id}-${replaced}`}>
      {id && !continuing ? (
        <ExistingFlow id={id} onReplace={replace} />
      ) : (
        <FlowEditor
          flow={null}
          onCreated={(flowId) => setCreated({ id: flowId, at: location.key })}
          onReplace={replace}
        />
      )}
    </ReactFlowProvider>
  );
}

function ExistingFlow({ id, onReplace }: { id: string; onReplace: (flow: Flow) => void }) {
  const navigate = useNavigate();
  const { data, error, isPending } = useFlow(id);
  // The editor reads the flow once, when it mounts: a refetch never resets what is being edited.
  if (data) return <FlowEditor flow={data} onReplace={onReplace} />;
  if (isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  return (
    <Center h="100vh">
      <Stack align="center">
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
        <Button variant="default" onClick={() => void navigate('/flows')}>
          Voltar para os flows
        </Button>
      </Stack>
    </Center>
  );
}
