import { useCallback, useMemo, useState } from 'react';
import { sameValue } from './same-value';

/**
 * What an editor last loaded or saved, and whether `current` differs from it: the editor's
 * unsaved flag. Typing a change and typing it back leaves nothing unsaved. `markSaved(sent)`
 * after a successful save takes what was sent as the new reference, so an edit made while the
 * save was on its way still counts. `current` is best memoised: it is compared when it changes.
 */
export function useSavedValue<T>(current: T) {
  const [saved, setSaved] = useState(() => current);
  const markSaved = useCallback((value: T) => setSaved(() => value), []);
  const dirty = useMemo(() => !sameValue(current, saved), [current, saved]);
  return { dirty, markSaved };
}
