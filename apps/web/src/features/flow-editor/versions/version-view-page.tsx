import { useState } from 'react';
import { Box, Button } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { IconArrowBackUp, IconArrowLeft, IconGitCompare } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { flowVersionDocument } from '@ponte/shared/versions/flow-diff';
import { useFlow } from '../../../lib/flows/api/get-flow';
import { useShellOverrides } from '../../../lib/shell/shell-layout';
import { useFlowVersion } from './api/flow-versions';
import { RestoreVersionModal } from './restore-version-modal';
import { VersionCanvas } from './version-canvas';
import { comparePath, editorPath, VersionPageState } from './version-page-parts';
import { VersionTopBar } from './version-top-bar';

const m = messages.versions;

/**
 * /flows/{id}/versoes/{n} ('Abrir' in 'Histórico de versões', docs/adr/0103): a version of the
 * flow on a read-only canvas, to compare with the current one or restore.
 */
export function VersionViewPage() {
  const { id = '', number: param = '' } = useParams();
  const number = Number(param);
  useShellOverrides({ sidebarMinimised: true, headerHidden: true, fullBleed: true });
  const navigate = useNavigate();
  const version = useFlowVersion(id, Number.isInteger(number) ? number : undefined);
  const flow = useFlow(id);
  const current = flow.data?.version;
  const [restoring, setRestoring] = useState(false);
  const data = version.data;
  const title = data
    ? m.readOnlyTitle(
        number,
        formatDateTimeMinutes(data.created_at),
        data.author?.name ?? m.noAuthor,
      )
    : m.version(number);
  const old = current !== undefined && current !== number;

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <VersionTopBar title={title}>
        {old && data ? (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconGitCompare size={14} />}
              onClick={() => void navigate(comparePath(id, number))}
            >
              {m.compareWithCurrent}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => setRestoring(true)}
            >
              {m.restore}
            </Button>
          </>
        ) : null}
        <Button
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => void navigate(editorPath(id))}
        >
          {m.backToEditor}
        </Button>
      </VersionTopBar>
      <VersionPageState pending={version.isPending} error={version.error}>
        {() => (
          <ReactFlowProvider key={number}>
            <VersionCanvas doc={flowVersionDocument(data!.document).data} flowId={id} />
          </ReactFlowProvider>
        )}
      </VersionPageState>
      <RestoreVersionModal
        flowId={id}
        number={restoring ? number : null}
        current={current}
        onClose={() => setRestoring(false)}
        onRestored={() => void navigate(editorPath(id))}
      />
    </Box>
  );
}
