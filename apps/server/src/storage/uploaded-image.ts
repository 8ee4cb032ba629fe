// Uploaded images (gym logos, members' photos): read from their header before anything is decoded, so a
// file that is not a PNG, JPEG or WebP, or that claims a canvas too large to decode, is refused with the
// reason, and only then decoded (within the same pixel limit).
import sharp, { type Sharp } from 'sharp';
import { validationError } from '../http/app-error';

/** Refuses decompression bombs: a small file claiming a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** '40,000,000', for messages and the OpenAPI document. */
export const MAX_PIXELS_TEXT = grouped(MAX_INPUT_PIXELS);

/** 'The photo may have at most 40,000,000 pixels (for example 6,000 × 6,000); this one is 8,000 × 8,000'. */
const tooManyPixels = (noun: string, width: number, height: number) =>
  `${noun} may have at most ${MAX_PIXELS_TEXT} pixels (for example 6,000 × 6,000); this one is ${grouped(width)} × ${grouped(height)}`;

/**
 * The upload, ready to decode, once its header says it is an accepted image within the pixel limit;
 * otherwise a 422 on `file` (`noun` names it in the message: 'The file', 'The photo').
 */
export async function openUploadedImage(
  input: Buffer,
  messages: { noun: string; notAnImage: string },
): Promise<Sharp> {
  // The header only: no pixels are decoded here, so no limit is needed yet.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format))
    throw validationError({ file: [messages.notAnImage] });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS)
    throw validationError({ file: [tooManyPixels(messages.noun, width, height)] });
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}
