// The frame every list's table sits in: it scrolls sideways where it must (reachable by keyboard, and
// named, so a screen reader says what scrolls), and turns into one card per row where its box is narrow.
// Cells name their column with `data-label` (cellLabel) for the cards.
import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './list-table.module.css';

export function ListTable({
  label,
  minWidth,
  children,
}: {
  /** The table's name, for the scrolling region around it. */
  label: string;
  /** Below this width (and above a card's) the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box className={classes.frame}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={classes.scroll} aria-label={`${label}, scrolls sideways`} tabIndex={0}>
        <div className={classes.narrow} style={{ '--list-min-width': `${minWidth}px` } as CSSProperties}>
          {children}
        </div>
      </section>
    </Box>
  );
}

/** A cell's column name, shown beside its value on a card. */
export const cellLabel = (label: string) => ({ 'data-label': label });
