import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api/api-error';
import { useFlow } from '../../lib/flows/api/get-flow';
import { useShellOverrides } from '../../lib/shell/shell-layout';
import { FlowEditor } from './flow-editor';

/**
 * /flows/new and /flows/{id} (spec 1 §2.6): the sidebar minimised, the header hidden, the
 * editor over the whole page. A new flow exists only after its first save.
 */
export function FlowEditorPage() {
  const { id } = useParams();
  useShellOverrides({ sidebarMinimised: true, headerHidden: true, fullBleed: true });
  return (
    <ReactFlowProvider key={id ?? 'new'}>
      {id ? <ExistingFlow id={id} /> : <FlowEditor flow={null} />}
    </ReactFlowProvider>
  );
}

function ExistingFlow({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data, error, isPending } = useFlow(id);
  // The editor reads the flow once, when it mounts: a refetch never resets what is being edited.
  if (data) return <FlowEditor flow={data} />;
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
