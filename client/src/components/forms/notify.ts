// The toasts that confirm or refuse a form's action.
import { notifications } from '@mantine/notifications';

export const notifySuccess = (title: string | undefined, message: string) =>
  notifications.show({ color: 'green', title, message });

export const notifyError = (message: string, title = 'Error') => notifications.show({ color: 'red', title, message });
