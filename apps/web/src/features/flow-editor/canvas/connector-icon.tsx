import { IconPuzzle } from '@tabler/icons-react';
import { NodeIcon } from '../../../lib/engine/node-icon';

interface ConnectorIconProps {
  /** The manifest's Tabler icon name. */
  icon: string | undefined;
  /** A custom connector's image (a data URL): it wins over the icon. */
  image?: string | undefined;
  /** A custom connector: without an image it is drawn as a puzzle piece. */
  custom?: boolean;
  size: number;
  color?: string;
}

/**
 * The picture of a connector type: a custom connector's own image (a data URL), a puzzle piece
 * for a custom connector without one, the Tabler icon of a built-in.
 */
export function ConnectorIcon({ icon, image, custom, size, color }: ConnectorIconProps) {
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        data-connector-image
        style={{ objectFit: 'contain', borderRadius: 3, flex: 'none', display: 'block' }}
      />
    );
  }
  if (custom) return <IconPuzzle size={size} color={color} aria-hidden />;
  return <NodeIcon name={icon} size={size} color={color} />;
}
