// A fake server for page tests: `fetch` answered from a table of 'METHOD /path' → answer. Unlisted
// calls fail the test loudly rather than hang.
import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type Handler =
  | FakeAnswer
  | ((request: { body: unknown; url: URL }) => FakeAnswer | Promise<FakeAnswer>);

export function mockApi(table: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = table[key];
    if (!handler) throw new Error(`Unexpected call: ${key}`);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = typeof handler === 'function' ? await handler({ body, url }) : handler;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to one 'METHOD /path', with their JSON bodies. */
  const callsTo = (key: string) =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
      )
      .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
  return { fetchMock, callsTo };
}

export const unauthenticated: FakeAnswer = {
  status: 401,
  body: { message: 'Unauthenticated.', error: 'unauthenticated' },
};
