import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gyms } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { FILE_STORE_KINDS, startTestFileStore, type TestFileStore } from '../../test/file-stores';
import { pngClaiming } from '../../test/images';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let store: TestFileStore;

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    [format]()
    .toBuffer();

/** A multipart body as a browser's FormData would send it. */
async function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** What the database holds for a gym's logo: refused uploads leave it as it was. */
const storedLogo = async (gymId: number) => {
  const [row] = await t.db
    .select({ path: gyms.logoPath, updatedAt: gyms.logoUpdatedAt })
    .from(gyms)
    .where(eq(gyms.id, gymId));
  return row;
};

const upload = async (gymId: number, body: Awaited<ReturnType<typeof form>>, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'POST', url: `/api/gyms/${gymId}/logo`, cookie, ...body }));

// The same uploads against each file store: the local folder and a real S3-compatible server.
describe.each(FILE_STORE_KINDS)('POST /api/gyms/{id}/logo, files in the %s', (kind) => {
  beforeAll(async () => {
    store = await startTestFileStore(kind);
    t = await createTestApp(store.settings);
    home = await createTenant(t.db);
    other = await createTenant(t.db);
    admin = await signIn(t.app, home.admin.email);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('re-encodes an image as a PNG of at most 512 px and serves it with cache headers', async () => {
    const res = await upload(
      home.gymA.id,
      await form(
        { collection: 'logo' },
        { bytes: await image(1200, 600, 'jpeg'), name: 'logo.jpg', type: 'image/jpeg' },
      ),
    );
    expect(res.statusCode).toBe(200);
    const logo = res.json().data.logo as string;
    expect(logo).toMatch(new RegExp(`^/api/gyms/${home.gymA.id}/logo\\?v=\\w+$`));

    const served = await t.app.inject(pageRequest({ method: 'GET', url: logo, cookie: admin }));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 256 });
    // Kept in the store the settings name, and served from it.
    const kept = await store.read((await storedLogo(home.gymA.id))!.path!);
    expect(kept?.equals(served.rawPayload)).toBe(true);

    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject(
      pageRequest({ method: 'GET', url: logo, cookie: admin, headers: { 'if-none-match': etag } }),
    );
    expect(again.statusCode).toBe(304);
  });

  it('keeps a small PNG its size, and a new upload changes the URL and the ETag', async () => {
    const before = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/gyms/${home.gymA.id}/logo`, cookie: admin }))
    ).headers.etag;
    const res = await upload(
      home.gymA.id,
      await form(
        { collection: 'logo' },
        { bytes: await image(64, 64, 'webp'), name: 'logo.webp', type: 'image/webp' },
      ),
    );
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject(
      pageRequest({ method: 'GET', url: res.json().data.logo, cookie: admin }),
    );
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 });
    expect(served.headers.etag).not.toBe(before);
  });

  it('refuses a file that is not an image, whatever its declared type', async () => {
    const res = await upload(
      home.gymB.id,
      await form(
        { collection: 'logo' },
        { bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'logo.png', type: 'image/png' },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['The file must be a PNG, JPEG or WebP image'] });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await upload(
      home.gymB.id,
      await form({ collection: 'logo' }, { bytes: gif, name: 'logo.gif', type: 'image/gif' }),
    );
    expect(gifRes.statusCode).toBe(422);
    expect(await storedLogo(home.gymB.id)).toEqual({ path: null, updatedAt: null });
  });

  it('refuses an image of too many pixels, saying what the limit is', async () => {
    const res = await upload(
      home.gymB.id,
      await form(
        { collection: 'logo' },
        { bytes: pngClaiming(8000, 8000), name: 'huge.png', type: 'image/png' },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: [
        'The file may have at most 40,000,000 pixels (for example 6,000 × 6,000); this one is 8,000 × 8,000',
      ],
    });
    expect(await storedLogo(home.gymB.id)).toEqual({ path: null, updatedAt: null });
  });

  it('refuses a file over 2 MB', async () => {
    const big = Buffer.concat([await image(8, 8), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(
      home.gymB.id,
      await form({ collection: 'logo' }, { bytes: big, name: 'logo.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['The file may not be larger than 2 MB'] });
    expect(await storedLogo(home.gymB.id)).toEqual({ path: null, updatedAt: null });
  });

  it('needs the collection and the file, as multipart', async () => {
    const res = await upload(home.gymB.id, await form({}));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ collection: ['Value is required'], file: ['Value is required'] });
    const wrong = await upload(
      home.gymB.id,
      await form({ collection: 'avatar' }, { bytes: await image(8, 8), name: 'a.png', type: 'image/png' }),
    );
    expect(wrong.json().errors).toEqual({ collection: ['Value must be one of: logo'] });
    const json = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/gyms/${home.gymB.id}/logo`,
        cookie: admin,
        payload: { collection: 'logo' },
      }),
    );
    expect(json.statusCode).toBe(415);
    expect(await storedLogo(home.gymB.id)).toEqual({ path: null, updatedAt: null });
  });

  it('answers 404 when the gym has no logo', async () => {
    const res = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/gyms/${home.gymB.id}/logo`, cookie: admin }),
    );
    expect(res.statusCode).toBe(404);
  });

  it('is for the gym’s admins; other organisations get 404', async () => {
    const body = await form(
      { collection: 'logo' },
      { bytes: await image(8, 8), name: 'a.png', type: 'image/png' },
    );
    const before = await storedLogo(home.gymA.id);
    expect((await upload(home.gymA.id, body, await signIn(t.app, home.trainer.email))).statusCode).toBe(403);
    expect((await upload(home.gymB.id, body, await signIn(t.app, home.gymAdmin.email))).statusCode).toBe(403);
    expect((await upload(other.gymA.id, body)).statusCode).toBe(404);
    expect(await storedLogo(home.gymA.id)).toEqual(before);
    expect(await storedLogo(home.gymB.id)).toEqual({ path: null, updatedAt: null });
    expect(await storedLogo(other.gymA.id)).toEqual({ path: null, updatedAt: null });
    await expectIsolated(t.app, await signIn(t.app, other.admin.email), [
      {
        name: 'another organisation’s logo',
        request: { method: 'GET', url: `/api/gyms/${home.gymA.id}/logo` },
        refusedWith: [404],
      },
    ]);
  });

  it('shows the logo to the gym’s members', async () => {
    const member = await signIn(t.app, home.member.email);
    const res = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/gyms/${home.gymA.id}/logo`, cookie: member }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const asAdmin = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/gyms/${home.gymA.id}/logo`, cookie: admin }),
    );
    expect(res.rawPayload.equals(asAdmin.rawPayload)).toBe(true);
  });
});
