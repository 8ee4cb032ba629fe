// Toasts for the outcome of an action. A failure shows the server's own message.
import { notifications } from '@mantine/notifications';
import { isApiError } from './api-error';

const FALLBACK = 'Something went wrong. Please try again.';

/** The text to show for a failure: the server's `message` for API errors. */
export function errorMessage(error: unknown, fallback = FALLBACK): string {
  if (isApiError(error)) return error.message;
  return fallback;
}

export function notifyError(error: unknown, title = 'That did not work'): void {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}
