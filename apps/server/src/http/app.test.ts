import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP conventions', () => {
  it('answers health (the process lives)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document and its interactive page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/api/health');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('describes the two uploads with their multipart/form-data request bodies', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const bodyOf = (path: string) => paths[path].post.requestBody;
    const logo = bodyOf('/api/gyms/{id}/logo');
    expect(Object.keys(logo.content)).toEqual(['multipart/form-data']);
    expect(logo.content['multipart/form-data'].schema).toMatchObject({
      type: 'object',
      required: ['collection', 'file'],
      properties: {
        collection: { type: 'string', enum: ['logo'] },
        file: { type: 'string', format: 'binary' },
      },
    });
    expect(logo.description).toContain('PNG, JPEG or WebP image of at most 2 MB and 40,000,000 pixels');
    const photo = bodyOf('/api/profile-picture');
    expect(Object.keys(photo.content)).toEqual(['multipart/form-data']);
    expect(photo.content['multipart/form-data'].schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(photo.description).toContain('PNG, JPEG or WebP image of at most 5 MB and 40,000,000 pixels');
  });

  it('answers a malformed JSON body with 400 and a message, never 500', async () => {
    const res = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/health-echo-missing',
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a mutating call without the page header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'not_requested_by_page' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', error: 'not_found' });
  });

  it('keeps the request id the caller sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });
});
