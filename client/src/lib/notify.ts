// The toasts that confirm or refuse an action (a form's, or a change made from a list): a green
// one when it worked, a red 'Error' one with the reason when it did not.
import { notifications } from '@mantine/notifications';
import { getErrorMessage } from './errors';

/** The toast's close button, named for a screen reader (it shows only an ×). */
const closeButtonProps = { 'aria-label': 'Cerrar aviso' };

export const notifySuccess = (title: string | undefined, message: string) =>
  notifications.show({ color: 'green', title, message, closeButtonProps });

export const notifyError = (message: string, title = 'Error') =>
  notifications.show({ color: 'red', title, message, closeButtonProps });

type Toast = { title?: string; message: string };

/**
 * Runs `change` and says how it went: `success` is the green toast (or builds it from the
 * result); the red one gives `failure`'s text, the server's message by default. True when it worked.
 */
export async function notifyChange<T>(
  change: () => Promise<T>,
  success: Toast | ((result: T) => Toast),
  failure: (error: unknown) => string = (error) => getErrorMessage(error),
): Promise<boolean> {
  try {
    const result = await change();
    const toast = typeof success === 'function' ? success(result) : success;
    notifySuccess(toast.title, toast.message);
    return true;
  } catch (error) {
    notifyError(failure(error));
    return false;
  }
}
