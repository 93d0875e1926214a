import { Image, ThemeIcon } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';

/** A connector's image (a data URL), or a puzzle icon when it has none. */
export function CustomNodeImage({ src, size = 28 }: { src: string; size?: number }) {
  if (src)
    return <Image src={src} alt="" w={size} h={size} fit="contain" radius="sm" draggable={false} />;
  return (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm" aria-hidden>
      <IconPuzzle size={Math.round(size * 0.6)} stroke={1.6} />
    </ThemeIcon>
  );
}
