// Members' photos: uploaded, kept in each file store (the local folder and a real S3-compatible server),
// and served only to the member and their organisation's staff, never to anyone else.

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createStaff, createTenant } from '../../test/factories';
import { FILE_STORE_KINDS, startTestFileStore, type TestFileStore } from '../../test/file-stores';
import { pngClaiming } from '../../test/images';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { call, joinableGym, registerAndVerify, registration } from './registration.test-support';

describe.each(FILE_STORE_KINDS)('a member’s photo, files in the %s', (kind) => {
  let t: TestApp;
  let store: TestFileStore;
  beforeAll(async () => {
    store = await startTestFileStore(kind);
    t = await createTestApp(store.settings);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('is re-encoded, kept in the store, and shown only to the member and their gym’s staff', async () => {
    const { gym, price, organisation } = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    const cookie = await registerAndVerify(t, body);
    const c = call(t, cookie);
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = 'photo-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/profile-picture',
        cookie,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const picture = upload.json().data.profile_picture as string;
    expect(picture).toMatch(/^\/api\/users\/\d+\/profile-picture\?v=/);
    const mine = await c.get(picture);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(mine.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(600);
    const [row] = await t.db
      .select({ path: users.profilePicturePath })
      .from(users)
      .where(eq(users.email, body.email as string));
    expect((await store.read(row!.path!))?.equals(mine.rawPayload)).toBe(true);
    // No address leads to the photo without a session.
    expect((await call(t, '').get(picture)).statusCode).toBe(401);

    const notImage = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/profile-picture',
        cookie,
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nhello\r\n--${boundary}--\r\n`,
        ),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.file).toEqual(['The photo must be a PNG, JPEG or WebP image']);
    expect((await c.post('/api/profile-picture', { file: 'x' })).statusCode).toBe(415);
    // 8000 × 8000 is a PNG, JPEG or WebP all right: the answer says what is wrong with it, and the limit.
    const huge = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/profile-picture',
        cookie,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          pngClaiming(8000, 8000),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual([
      'The photo may have at most 40,000,000 pixels (for example 6,000 × 6,000); this one is 8,000 × 8,000',
    ]);
    expect((await c.get(picture)).rawPayload.equals(mine.rawPayload)).toBe(true);

    // Another member and another organisation's staff get nothing; staff of this organisation see it.
    const other = await joinableGym(t);
    const stranger = await registerAndVerify(
      t,
      registration({ gym_id: other.gym.id, price_id: other.price.id }),
    );
    expect((await call(t, stranger).get(picture)).statusCode).toBe(404);
    const elsewhere = await createTenant(t.db);
    expect((await call(t, await signIn(t.app, elsewhere.admin.email)).get(picture)).statusCode).toBe(404);
    const staff = await createStaff(t.db, { organisationId: organisation.id, role: 'admin' });
    expect((await call(t, await signIn(t.app, staff.email)).get(picture)).statusCode).toBe(200);
  });
});
