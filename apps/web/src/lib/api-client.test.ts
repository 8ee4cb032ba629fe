import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_TIMEOUT_MS, api, setApiErrorHandler } from './api-client';
import { ApiError } from './api-error';

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The URL and options of the nth fetch call. */
const call = (n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setApiErrorHandler(null);
});

describe('api client requests', () => {
  it('calls the same origin with cookies, the script header and JSON accepted', async () => {
    fetchMock.mockResolvedValue(
      json({ data: [{ id: 1 }], meta: { current_page: 2, per_page: 25, total: 26, last_page: 2 } }),
    );
    const answer = await api.get<{ data: { id: number }[] }>('/api/members', {
      query: { page: 2, search: undefined },
    });

    expect(answer.data).toEqual([{ id: 1 }]);
    const { url, init, headers } = call();
    expect(url).toBe('/api/members?page=2');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toBe('application/json');
    expect(init.body).toBeUndefined();
  });

  it('sends bodies as JSON', async () => {
    fetchMock.mockImplementation(async () => json({ data: { id: 3 } }, 201));
    await api.post('/api/offerings', { name: 'Flexi' });
    await api.put('/api/offerings/3', { name: 'Flexi plus' });

    expect(call(0).init.method).toBe('POST');
    expect(call(0).headers.get('Content-Type')).toBe('application/json');
    expect(call(0).init.body).toBe('{"name":"Flexi"}');
    expect(call(1).init.method).toBe('PUT');
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValue(json({ data: null }));
    const form = new FormData();
    form.append('collection', 'logo');
    await api.post('/api/gyms/1/logo', form);

    expect(call().init.body).toBe(form);
    expect(call().headers.has('Content-Type')).toBe(false);
    expect(call().headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('answers undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.del('/api/prices/4')).resolves.toBeUndefined();
    expect(call().init.method).toBe('DELETE');
  });

  it('gives every call a 26 second time-out', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    fetchMock.mockResolvedValue(json({ data: null }));
    await api.get('/api/me');
    expect(API_TIMEOUT_MS).toBe(26_000);
    expect(timeout).toHaveBeenCalledWith(26_000);
    expect(call().init.signal).toBeInstanceOf(AbortSignal);
  });

  it('checks the answer against a schema when given one', async () => {
    const schema = z.object({ data: z.object({ id: z.number(), name: z.string() }) });
    fetchMock.mockResolvedValueOnce(json({ data: { id: 1, name: 'Ana' } }));
    const me = await api.get('/api/me', { schema });
    expect(me.data.name).toBe('Ana');

    fetchMock.mockResolvedValueOnce(json({ data: { id: 'one' } }));
    const error = await failure(api.get('/api/me', { schema }));
    expect(error.code).toBe('invalid_response');
  });

  it('loads a schema given as a loader only once an answer has arrived to be checked', async () => {
    const schema = z.object({ data: z.object({ id: z.number(), name: z.string() }) });
    const load = vi.fn(async () => schema);
    fetchMock.mockResolvedValueOnce(json({ message: 'Please sign in.' }, 401));
    await failure(api.get('/api/me', { schema: load }));
    expect(load).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json({ data: { id: 1, name: 'Ana' } }));
    const me = await api.get('/api/me', { schema: load });
    expect(me.data.name).toBe('Ana');
    expect(load).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json({ data: { id: 'one' } }));
    expect((await failure(api.get('/api/me', { schema: load }))).code).toBe('invalid_response');
  });

  it('fails as a call without an answer when a schema cannot be loaded', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    fetchMock.mockResolvedValueOnce(json({ data: { id: 1 } }));
    const error = await failure(
      api.get('/api/me', { schema: () => Promise.reject(new TypeError('Failed to fetch module')) }),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.isRetryable).toBe(true);
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('downloads files with the server’s file name', async () => {
    fetchMock.mockResolvedValue(
      new Response('id,name\n1,Ana\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="members.csv"' },
      }),
    );
    const file = await api.download('/api/members/export', { method: 'POST', body: { status: 'active' } });

    expect(file.filename).toBe('members.csv');
    expect(await file.blob.text()).toBe('id,name\n1,Ana\n');
    expect(call().init.method).toBe('POST');
    expect(call().init.body).toBe('{"status":"active"}');
  });
});

describe('api client failures', () => {
  it('turns a 422 into an ApiError with the server’s message and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(
        { message: 'Value is required', error: 'validation_failed', errors: { name: ['Value is required'] } },
        422,
      ),
    );
    const error = await failure(api.post('/api/offerings', {}));

    expect(error.status).toBe(422);
    expect(error.message).toBe('Value is required');
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual({ name: ['Value is required'] });
    expect(error.fieldError('name')).toBe('Value is required');
    expect(error.isRetryable).toBe(false);
  });

  it('falls back to the error text when the answer has no message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
    );
    const plain = await failure(api.get('/api/stats'));
    expect(plain.message).toBe('Bad gateway');
    expect(plain.isRetryable).toBe(true);

    fetchMock.mockResolvedValueOnce(
      new Response('<html>oops</html>', { status: 500, headers: { 'content-type': 'text/html' } }),
    );
    const html = await failure(api.get('/api/stats'));
    expect(html.message).toBe('Something went wrong on our side. Please try again.');
    expect(html.code).toBeNull();
    expect(html.errors).toEqual({});
  });

  it('tells the global handler, unless the caller handles the failure itself', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    const body = {
      message: 'Enter the code we emailed you to continue.',
      error: 'not_two_factor_authenticated',
    };

    fetchMock.mockResolvedValueOnce(json(body, 400));
    const error = await failure(api.get('/api/me'));
    expect(error.code).toBe('not_two_factor_authenticated');
    expect(handler).toHaveBeenCalledWith(error);

    fetchMock.mockResolvedValueOnce(json({ message: 'Unauthenticated.', error: 'unauthenticated' }, 401));
    await failure(api.get('/api/me', { skipErrorHandler: true }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports no answer at all as a network error worth retrying', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/api/me'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.isRetryable).toBe(true);
  });

  it('gives up when the server is too slow', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const error = await failure(api.get('/api/stats', { timeoutMs: 20 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/took too long/);
  });

  it('leaves a cancellation by the caller as an AbortError', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/api/members', { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(handler).not.toHaveBeenCalled();
  });
});
