// Members' photos: any PNG, JPEG or WebP up to 5 MB, decoded and re-encoded (only pixels kept, turned
// upright, at most 600 px a side, as JPEG) in the file store (storage/file-store.ts); served only through
// the API, to the member and to staff of an organisation they are a member of (never a public address).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import { notFound, validationError } from '../../http/app-error';
import { fileStoreOf } from '../../storage/file-store';
import { openUploadedImage } from '../../storage/uploaded-image';
import * as repo from './registration.repository';

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MAX_SIDE = 600;
const NOT_A_PHOTO = 'The photo must be a PNG, JPEG or WebP image';
export const PHOTO_TOO_LARGE = 'The photo may not be larger than 5 MB';

async function normalise(input: Buffer): Promise<Buffer> {
  const image = await openUploadedImage(input, { noun: 'The photo', notAnImage: NOT_A_PHOTO });
  try {
    return await image
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    throw validationError({ file: [NOT_A_PHOTO] });
  }
}

export async function storeProfilePicture(deps: AppDeps, auth: AuthContext, upload: Buffer) {
  const jpeg = await normalise(upload);
  // A new name each time: an old address stops showing the new photo (and caches never mix them up).
  const relative = `profile-pictures/${auth.user.id}-${randomBytes(8).toString('hex')}.jpg`;
  await fileStoreOf(deps.env).put(relative, jpeg, 'image/jpeg');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, auth.user.id, { profilePicturePath: relative, updatedAt: now });
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'member.profile_picture_changed',
      createdAt: now,
    });
  });
  return relative;
}

/** The photo's bytes, for the person themself or staff of an organisation they belong to; else 404. */
export async function readProfilePicture(deps: AppDeps, auth: AuthContext, userId: number) {
  const row = await repo.profilePictureVisibleTo(deps.db, userId, {
    userId: auth.user.id,
    isStaffHere: auth.isStaffHere,
    organisationId: auth.organisationId,
  });
  const bytes = row?.path ? await fileStoreOf(deps.env).get(row.path) : null;
  if (!row?.path || !bytes) throw notFound('No photo.');
  return { bytes, version: row.path };
}
