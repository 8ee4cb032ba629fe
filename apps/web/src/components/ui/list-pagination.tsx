// The foot of a paged list: how many there are, and the page buttons (only when there is more than
// one page); '10,000+ members' when the list stopped counting there. Screen readers hear "Previous page", "Page 3", "Next page".
import type { PageMeta } from '@gym/domain/api/envelope';
import { Group, Pagination, Text } from '@mantine/core';

interface ListPaginationProps {
  meta: PageMeta | undefined;
  /** What the list counts, plural: '12 gyms'. */
  noun: string;
  /** The list stopped counting at `meta.total` and there are more: '10,000+ members'. */
  totalCapped?: boolean;
  onPage(page: number): void;
}

export function ListPagination({ meta, noun, totalCapped = false, onPage }: ListPaginationProps) {
  if (!meta || meta.last_page <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {meta.total.toLocaleString('en-NZ')}
        {totalCapped ? '+' : ''} {noun}
      </Text>
      <Pagination
        total={meta.last_page}
        value={meta.current_page}
        onChange={onPage}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      />
    </Group>
  );
}
