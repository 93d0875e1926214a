import { useCallback, useState } from 'react';

/**
 * An edit page that can show its resource anew: `reload` reads it again, then `generation`
 * changes, for the editor's `key` (a new editor starts from what was read, its edits dropped).
 */
export function useEditorReload(refetch: () => Promise<unknown>) {
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await refetch();
    setGeneration((value) => value + 1);
  }, [refetch]);
  return { generation, reload };
}
