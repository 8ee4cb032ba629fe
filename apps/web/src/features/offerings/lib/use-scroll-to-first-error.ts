// Spec section 5: after a failed check the first element with the error-input class is scrolled into view
// (and its input focused, so keyboard users land on it too).
import { useEffect, useState } from 'react';
import { ERROR_INPUT_CLASS } from './field-errors';

export function scrollToFirstError(root: ParentNode = document): void {
  const first = root.querySelector<HTMLElement>(`.${ERROR_INPUT_CLASS}`);
  if (!first) return;
  first.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const input = first.matches('input, select, textarea')
    ? first
    : first.querySelector<HTMLElement>('input, select, textarea');
  input?.focus({ preventScroll: true });
}

/** Call the returned function after setting errors: the scroll happens once they are on screen. */
export function useScrollToFirstError(): () => void {
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) scrollToFirstError();
  }, [failures]);
  return () => setFailures((count) => count + 1);
}
