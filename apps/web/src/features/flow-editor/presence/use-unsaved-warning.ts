import { createElement, useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { OtherEditor } from './other-editor';

const m = messages.versions.presence;

/** Long enough to read two sentences; closed by hand before that. */
const warningLifetimeMs = 15_000;

/** The warning's text: the other people by name, or the person's own other tab. */
export function unsavedWarningText(dirty: readonly OtherEditor[]): string {
  const names = [...new Set(dirty.filter((editor) => !editor.you).map((editor) => editor.name))];
  return names.length ? m.othersUnsaved(names) : m.ownUnsavedElsewhere;
}

/**
 * At the editor's first change (its unsaved changes appear), warns when another editor of the
 * flow has unsaved changes too: whoever saves last will see the other's changes first. Each
 * other editor is named once per page; a later first change (after a save) warns only of new ones.
 */
export function useUnsavedWarning(dirty: boolean, others: readonly OtherEditor[]): void {
  const wasDirty = useRef(dirty);
  const warned = useRef(new Set<string>());
  const othersRef = useRef(others);
  useEffect(() => {
    othersRef.current = others;
  }, [others]);

  useEffect(() => {
    const firstChange = dirty && !wasDirty.current;
    wasDirty.current = dirty;
    if (!firstChange) return;
    const unsaved = othersRef.current.filter(
      (editor) => editor.dirty && !warned.current.has(editor.editorId),
    );
    if (!unsaved.length) return;
    for (const editor of unsaved) warned.current.add(editor.editorId);
    notifications.show({
      color: 'yellow',
      icon: createElement(IconAlertTriangle, { size: 18 }),
      message: unsavedWarningText(unsaved),
      autoClose: warningLifetimeMs,
      withCloseButton: true,
      'data-kind': 'warning',
    });
  }, [dirty]);
}
