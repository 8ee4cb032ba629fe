// Gym logos: any PNG, JPEG or WebP up to 2 MB, decoded and re-encoded (so only pixels are kept, never the
// uploaded bytes) as a PNG of at most 512 px a side, kept in the file store (storage/file-store.ts).

import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { validationError } from '../../http/app-error';
import { fileStoreOf } from '../../storage/file-store';
import { openUploadedImage } from '../../storage/uploaded-image';
import { changeGym } from './gyms.service';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 512;
const NOT_AN_IMAGE = 'The file must be a PNG, JPEG or WebP image';
export const TOO_LARGE = 'The file may not be larger than 2 MB';

async function normaliseLogo(input: Buffer): Promise<Buffer> {
  const image = await openUploadedImage(input, { noun: 'The file', notAnImage: NOT_AN_IMAGE });
  try {
    return await image
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw validationError({ file: [NOT_AN_IMAGE] });
  }
}

export async function storeLogo(
  deps: AppDeps,
  actor: Actor,
  gym: { id: number; uuid: string },
  upload: Buffer,
) {
  const png = await normaliseLogo(upload);
  const relative = `gym-logos/${gym.uuid}.png`;
  await fileStoreOf(deps.env).put(relative, png, 'image/png');
  return changeGym(deps, actor, gym.id, 'gym.logo_changed', {
    logoPath: relative,
    logoUpdatedAt: deps.clock.now(),
  });
}

export async function readLogo(deps: AppDeps, logoPath: string): Promise<Buffer | null> {
  return fileStoreOf(deps.env).get(logoPath);
}
