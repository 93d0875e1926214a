import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import library from '../../test/engine-library.generated.json';
import { NodeIcon } from './node-icon';

describe('NodeIcon', () => {
  it('draws its own icon for every connector the server serves, never the fallback plug', () => {
    const names = new Set(nodeLibrarySchema.parse(library).nodes.map((node) => node.icon));
    const fallbacks = [...names].filter((name) => {
      const { container, unmount } = render(<NodeIcon name={name} />);
      const plug = container.querySelector('.tabler-icon-plug') !== null;
      unmount();
      return plug && name !== 'plug';
    });
    expect(fallbacks).toEqual([]);
  });
});
