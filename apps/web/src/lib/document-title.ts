// The browser tab's title: each screen's own (set by the root route from the route table), and on a
// record's screen the record's name once it has loaded ('Early Birds · Gym Membership', not 'Offering'),
// so a row of tabs can be told apart.
import { useEffect } from 'react';
import { product } from '@/config/product';

export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} · ${product.name}` : product.name;

/**
 * Names the tab after a record while its screen shows. The root route sets the screen's title in a layout
 * effect, which runs before this (a passive effect), so the record's name wins.
 */
export function useRecordTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
