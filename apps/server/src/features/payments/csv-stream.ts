// CSV answers streamed in constant memory: rows are read a batch at a time by a keyset cursor and
// written out as they come, so an export of two million rows holds one batch at once. Cells a
// spreadsheet would run as a formula (=, +, -, @ first) are prefixed with a quote.
import { Readable } from 'node:stream';

export type CsvCell = string | number | boolean | null | undefined;

function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A stream of the header and then every batch `next(after)` answers, until a batch comes back shorter
 * than `batchSize`. `after` is the cursor of the last row of the batch before (null for the first). The
 * next batch is asked for while this one is written out, so the database and the formatting overlap:
 * at most two batches are held at once.
 */
export function csvStream<Row, Cursor>(input: {
  header: readonly string[];
  batchSize: number;
  next(after: Cursor | null): Promise<Row[]>;
  cursorOf(row: Row): Cursor;
  cells(row: Row): CsvCell[];
}): Readable {
  async function* lines() {
    // A byte-order mark so spreadsheet programs read the names' macrons as UTF-8.
    yield `\uFEFF${csvLine(input.header)}`;
    let pending: Promise<Row[]> | null = input.next(null);
    try {
      while (pending) {
        const rows: Row[] = await pending;
        pending = rows.length < input.batchSize ? null : input.next(input.cursorOf(rows.at(-1)!));
        if (rows.length > 0) yield rows.map((row) => csvLine(input.cells(row))).join('');
      }
    } finally {
      // A download stopped half way: the batch asked for ahead is not wanted (nor its failure).
      pending?.catch(() => {});
    }
  }
  return Readable.from(lines());
}
