import { Box, Button } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { useFlow } from '../../../lib/flows/api/get-flow';
import { useShellOverrides } from '../../../lib/shell/shell-layout';
import { useFlowVersion } from './api/flow-versions';
import { VersionCompare } from './version-compare';
import { editorPath, versionPath, VersionPageState } from './version-page-parts';
import { VersionTopBar } from './version-top-bar';

const m = messages.versions;

const positive = (value: string | null | undefined) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

/**
 * /flows/{id}/versoes/{n}/comparar[?com=m] ('Comparar', docs/adr/0103): what changed from
 * version n to version m, else to the flow as it is now.
 */
export function VersionComparePage() {
  const { id = '', number: param } = useParams();
  const number = positive(param) ?? 0;
  const [search] = useSearchParams();
  const other = positive(search.get('com'));
  useShellOverrides({ sidebarMinimised: true, headerHidden: true, fullBleed: true });
  const navigate = useNavigate();
  const before = useFlowVersion(id, number);
  const after = useFlowVersion(id, other);
  const flow = useFlow(id);
  const current = flow.data?.version;
  const afterNumber = other ?? current;
  const label = (version: number | undefined) =>
    version === undefined
      ? ''
      : `${m.version(version)}${version === current ? ` (${m.current.toLowerCase()})` : ''}`;

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <VersionTopBar
        title={afterNumber ? `Comparação: ${label(number)} → ${label(afterNumber)}` : m.compare}
      >
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEye size={14} />}
          onClick={() => void navigate(versionPath(id, number))}
        >
          {`Abrir a ${m.version(number).toLowerCase()}`}
        </Button>
        <Button
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => void navigate(editorPath(id))}
        >
          {m.backToEditor}
        </Button>
      </VersionTopBar>
      <VersionPageState
        pending={before.isPending || (other ? after.isPending : flow.isPending)}
        error={before.error ?? (other ? after.error : flow.error)}
      >
        {() => (
          <ReactFlowProvider key={`${number}-${afterNumber}`}>
            <VersionCompare
              before={before.data!.document}
              after={other ? after.data!.document : flow.data}
              beforeLabel={label(number)}
              afterLabel={label(afterNumber)}
            />
          </ReactFlowProvider>
        )}
      </VersionPageState>
    </Box>
  );
}
