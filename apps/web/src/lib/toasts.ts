import { createElement } from 'react';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { limits } from '@ponte/shared/limits';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const looks: Record<ToastKind, Pick<NotificationData, 'color' | 'icon'>> = {
  success: { color: 'teal', icon: createElement(IconCheck, { size: 18 }) },
  error: { color: 'red', icon: createElement(IconX, { size: 18 }) },
  warning: { color: 'yellow', icon: createElement(IconAlertTriangle, { size: 18 }) },
  info: { color: 'blue', icon: createElement(IconInfoCircle, { size: 18 }) },
};

let last: { id: string; message: string; shownAt: number } | null = null;
let sequence = 0;

function isVisible(id: string): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((item) => item.id === id) || queue.some((item) => item.id === id);
}

/**
 * Shows a toast (spec 1 §2.2, §9): cleared after 5 s; the same text as the last visible toast
 * replaces it; when the last toast is more than 10 s old the list is reset first.
 */
export function showToast(kind: ToastKind, message: string): string {
  const now = Date.now();
  if (last && now - last.shownAt > limits.toastResetAfterMs) notifications.clean();

  sequence += 1;
  const toast: NotificationData = {
    id: `toast-${sequence}`,
    message,
    autoClose: limits.toastLifetimeMs,
    withCloseButton: true,
    'data-kind': kind,
    ...looks[kind],
  };

  const previous = last;
  if (previous && previous.message === message && isVisible(previous.id)) {
    notifications.updateState(notificationsStore, (list) =>
      list.map((item) => (item.id === previous.id ? toast : item)),
    );
  } else {
    notifications.show(toast);
  }
  last = { id: toast.id as string, message, shownAt: now };
  return toast.id as string;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  warning: (message: string) => showToast('warning', message),
  info: (message: string) => showToast('info', message),
};

/** Forgets every toast (used between tests and on sign-out). */
export function resetToasts(): void {
  notifications.clean();
  last = null;
}
