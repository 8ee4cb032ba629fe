// The logo a gym may upload (as the server takes it: apps/server/src/features/gyms/gym-logo.service.ts):
// a PNG, JPEG or WebP image of at most 2 MB. Checked before sending, so a wrong file fails at once.
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_ACCEPT = LOGO_TYPES.join(',');
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE = 'The file must be a PNG, JPEG or WebP image';
export const TOO_LARGE = 'The file may not be larger than 2 MB';

/** The message for a file the server would refuse, or null when it may be sent. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > LOGO_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** '1.4 MB', '320 KB': the size beside the chosen file's name. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
