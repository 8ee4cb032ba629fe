// The states a data table shows before it has rows: grey placeholder rows while loading, and the
// server's message with a way to try again when loading failed.
import { Alert, Button, Skeleton, Table } from '@mantine/core';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/notify';

/** Stable names for placeholder cells: they never move, so their position is their identity. */
const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/** Placeholder rows for a table that is loading (the table itself carries aria-busy). */
export function SkeletonRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <Table.Tbody>
      {names('row-', rows).map((row) => (
        <Table.Tr key={row}>
          {names('cell-', columns).map((column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/**
 * "Could not load the staff": the server's message and a Try again button; or, when the role may not see
 * it (403), the explanation alone, since trying again cannot help.
 */
export function LoadErrorAlert({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  if (isApiError(error) && error.status === 403) {
    return (
      <Alert color="yellow" role="alert" title={`You cannot see ${what}`}>
        {errorMessage(error)} Ask an organisation admin if you need it.
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={`Could not load ${what}`}>
      {errorMessage(error)}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
