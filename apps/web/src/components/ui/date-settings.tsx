// Mantine's date inputs' settings: en-NZ words, weeks from Monday, and (through lib/dayjs) Pacific/Auckland
// as the zone. Only the back office has date inputs, so its frame wraps its screens in this, and dayjs with
// its zone data loads there: the join site's first screen does without them.
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { DAYJS_LOCALE } from '@/lib/dayjs';

export function DateSettings({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      {children}
    </DatesProvider>
  );
}
