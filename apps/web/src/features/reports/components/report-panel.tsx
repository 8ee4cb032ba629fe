// What every report's sections share: a titled panel that shows a skeleton while loading, the error with
// a retry, a plain sentence when there is nothing to show, and otherwise its content; a figure card; and
// a table of rows (every chart is also readable as one) in the lists' frame, which scrolls sideways or
// turns into cards on a phone.
import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert } from '@/components/ui/table-states';

export function ReportPanel<T>({
  title,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  /** The sentence shown when there is nothing to report. */
  empty: string;
  children(data: T): ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {query.isError ? (
        <LoadErrorAlert what={title.toLowerCase()} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton height={200} />
          <Skeleton height={24} />
        </Stack>
      ) : isEmpty?.(query.data) ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children(query.data)
      )}
    </Paper>
  );
}

export function FigureCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export interface Column<R> {
  label: string;
  cell(row: R): ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
}

/** A chart's figures as a table (and any list of the report's rows). */
export function ReportTable<R>({
  label,
  columns,
  rows,
  rowKey,
  minWidth = 640,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey(row: R): string | number;
  minWidth?: number;
}) {
  return (
    <ListTable label={label} minWidth={minWidth}>
      <Table aria-label={label} fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined} {...cellLabel(c.label)}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListTable>
  );
}

/** Cents as dollars for a chart's axis. */
export const dollars = (cents: number) => Math.round(cents) / 100;
