import { Avatar, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@ponte/shared/messages';
import type { OtherEditor } from './other-editor';
import classes from './flow-presence.module.css';

const m = messages.versions.presence;

/** First and last initials of the name ('Beatriz Souza' → 'BS'). */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** What the avatar says: who, and whether they have unsaved changes. */
export function presenceText(editor: OtherEditor): string {
  const name = editor.you ? m.youElsewhere : editor.name;
  return editor.dirty ? m.unsaved(name) : m.open(name);
}

// Hover on a computer, a tap on a phone, focus from the keyboard.
const events = { hover: true, focus: true, touch: true };

/** A phone: the avatars share the second line of the top card with the group and 'Ativo'. */
const phoneQuery = '(max-width: 48em)';

/**
 * The other editors of the flow as avatars (initials; a yellow ring: unsaved changes), each
 * telling who it is in a tooltip. Beyond 5 (3 on a phone), the last avatar counts the rest.
 */
export function FlowPresence({ editors }: { editors: OtherEditor[] }) {
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const max = phone ? 3 : 5;
  if (!editors.length) return null;
  const shown = editors.length > max ? editors.slice(0, max - 1) : editors;
  const rest = editors.slice(shown.length);
  return (
    <Avatar.Group spacing="xs" role="group" aria-label={m.label}>
      {shown.map((editor) => (
        <Tooltip key={editor.editorId} label={presenceText(editor)} events={events} withArrow>
          <Avatar
            className={classes.avatar}
            size={30}
            radius="xl"
            color="initials"
            name={editor.name}
            variant={editor.you ? 'light' : 'filled'}
            role="img"
            tabIndex={0}
            aria-label={presenceText(editor)}
            data-dirty={editor.dirty || undefined}
          >
            {initials(editor.name)}
          </Avatar>
        </Tooltip>
      ))}
      {rest.length ? (
        <Tooltip
          label={[m.more(rest.length), ...rest.map(presenceText)].join('\n')}
          events={events}
          classNames={{ tooltip: classes.more }}
          withArrow
          multiline
        >
          <Avatar
            className={classes.avatar}
            size={30}
            radius="xl"
            role="img"
            tabIndex={0}
            aria-label={m.more(rest.length)}
            data-dirty={rest.some((editor) => editor.dirty) || undefined}
          >
            +{rest.length}
          </Avatar>
        </Tooltip>
      ) : null}
    </Avatar.Group>
  );
}
