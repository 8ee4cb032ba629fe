// The CSV stream: cells escaped for spreadsheets, batches read by the cursor of the batch before, the next
// batch asked for while one is written (never more than one ahead), and the end at the first short batch.
import { describe, expect, it } from 'vitest';
import { csvCell, csvStream } from './csv-stream';

async function read(stream: NodeJS.ReadableStream) {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

function source(total: number, batchSize: number) {
  const asked: (number | null)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const stream = csvStream<number, number>({
    header: ['n'],
    batchSize,
    next: async (after) => {
      asked.push(after);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      const start = after === null ? 1 : after + 1;
      return Array.from({ length: Math.max(0, Math.min(batchSize, total - start + 1)) }, (_, i) => start + i);
    },
    cursorOf: (row) => row,
    cells: (row) => [row],
  });
  return { stream, asked, mostInFlight: () => mostInFlight };
}

describe('csvStream', () => {
  it('writes every row once, in order, batch after batch, ending at the first short batch', async () => {
    const { stream, asked, mostInFlight } = source(7, 3);
    const lines = (await read(stream))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['n', '1', '2', '3', '4', '5', '6', '7']);
    expect(asked).toEqual([null, 3, 6]);
    expect(mostInFlight()).toBe(1);
  });

  it('asks once more when the rows fill the last batch exactly, and writes just the header for none', async () => {
    const exact = source(6, 3);
    expect((await read(exact.stream)).trim().split('\r\n')).toHaveLength(7);
    expect(exact.asked).toEqual([null, 3, 6]);
    const none = source(0, 3);
    expect(await read(none.stream)).toBe('\uFEFFn\r\n');
    expect(none.asked).toEqual([null]);
  });

  it('quotes separators and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
