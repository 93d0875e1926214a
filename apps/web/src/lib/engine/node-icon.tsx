import type { ComponentType } from 'react';
import {
  IconAlertTriangle,
  IconArrowRightCircle,
  IconArrowsJoin,
  IconArrowsSplit,
  IconCalendarTime,
  IconClockPause,
  IconCode,
  IconDatabase,
  IconDatabaseEdit,
  IconDatabaseImport,
  IconDatabaseMinus,
  IconDatabasePlus,
  IconDatabaseSearch,
  IconFileDownload,
  IconFileText,
  IconFileUpload,
  IconFileX,
  IconFolderOpen,
  IconFolderShare,
  IconForms,
  IconGitBranch,
  IconHandClick,
  IconLock,
  IconMail,
  IconPencil,
  IconPlayerStop,
  IconPlug,
  IconRepeat,
  IconSend,
  IconSql,
  IconStack2,
  IconStackPush,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import type { IconProps } from '@tabler/icons-react';

/**
 * The Tabler icons a manifest may name (DESIGN.md §5). Only these are bundled: importing the
 * whole icon set would weigh megabytes. An unknown name draws a plug.
 */
const icons: Record<string, ComponentType<IconProps>> = {
  'alert-triangle': IconAlertTriangle,
  'arrow-right-circle': IconArrowRightCircle,
  'arrows-join': IconArrowsJoin,
  'arrows-split': IconArrowsSplit,
  'calendar-time': IconCalendarTime,
  'clock-pause': IconClockPause,
  code: IconCode,
  database: IconDatabase,
  'database-edit': IconDatabaseEdit,
  'database-import': IconDatabaseImport,
  'database-minus': IconDatabaseMinus,
  'database-plus': IconDatabasePlus,
  'database-search': IconDatabaseSearch,
  'file-download': IconFileDownload,
  'file-text': IconFileText,
  'file-upload': IconFileUpload,
  'file-x': IconFileX,
  'folder-open': IconFolderOpen,
  'folder-share': IconFolderShare,
  forms: IconForms,
  'git-branch': IconGitBranch,
  'hand-click': IconHandClick,
  lock: IconLock,
  mail: IconMail,
  pencil: IconPencil,
  'player-stop': IconPlayerStop,
  plug: IconPlug,
  repeat: IconRepeat,
  send: IconSend,
  sql: IconSql,
  'stack-2': IconStack2,
  'stack-push': IconStackPush,
  webhook: IconWebhook,
  world: IconWorld,
};

export function NodeIcon({ name, ...props }: { name: string | undefined } & IconProps) {
  const Icon = (name && icons[name]) || IconPlug;
  return <Icon {...props} />;
}
