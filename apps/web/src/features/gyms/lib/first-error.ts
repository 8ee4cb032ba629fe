// Spec section 5: after a failed check the first element with the error-input class is scrolled into
// view, and its input focused so keyboard and screen-reader users land on it too.
import { type RefObject, useEffect, useState } from 'react';

export const ERROR_INPUT_CLASS = 'error-input';

/** Extra props for a field: the error-input class while it shows a message. */
export const errorClass = (message: string | undefined) => ({
  className: message ? ERROR_INPUT_CLASS : undefined,
});

export function scrollToFirstError(root: ParentNode): void {
  const first = root.querySelector<HTMLElement>(`.${ERROR_INPUT_CLASS}`);
  if (!first) return;
  first.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const input = first.matches('input, textarea, button')
    ? first
    : first.querySelector<HTMLElement>('input, textarea, button');
  input?.focus({ preventScroll: true });
}

/** Call the returned function after setting errors: the scroll happens once they are on screen. */
export function useScrollToFirstError(root: RefObject<HTMLElement | null>): () => void {
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0 && root.current) scrollToFirstError(root.current);
  }, [failures, root]);
  return () => setFailures((count) => count + 1);
}
