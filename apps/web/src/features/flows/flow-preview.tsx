import { Center, Image, Text } from '@mantine/core';

interface FlowPreviewProps {
  name: string;
  /** An image data URL saved by the editor, or null. */
  thumbnailData: string | null | undefined;
}

const width = 120;
const height = 68;
const frame = {
  width,
  height,
  borderRadius: 'var(--mantine-radius-sm)',
  border: '1px solid var(--mantine-color-gray-3)',
  background: 'var(--mantine-color-gray-0)',
} as const;

/** The Preview column of the flows list: the graph's thumbnail, or 'Preview não disponível'. */
export function FlowPreview({ name, thumbnailData }: FlowPreviewProps) {
  // Only images the editor drew are shown: a data URL never reaches the network.
  if (thumbnailData && thumbnailData.startsWith('data:image/')) {
    return (
      <Image
        src={thumbnailData}
        alt={`Preview do flow ${name}`}
        w={width}
        h={height}
        fit="contain"
        style={frame}
      />
    );
  }
  return (
    <Center style={frame} px={6}>
      <Text size="xs" c="dimmed" ta="center" lh={1.2}>
        Preview não disponível
      </Text>
    </Center>
  );
}
