import { AppError } from '../../../lib/errors';

/** The largest logo kept: a document prints it about 120 points wide, so 512 KiB is ample. */
export const MAX_LOGO_BYTES = 512 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** image/png or image/jpeg by the file's first bytes (its signature), whatever the upload claimed; else null. */
export function imageTypeOf(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/** The logo's bytes and type, or a 400 naming `field`: not base64, empty, over MAX_LOGO_BYTES, not PNG or JPEG. */
export function checkLogo(base64: string, field = 'logo'): { data: Buffer; contentType: 'image/png' | 'image/jpeg' } {
  const text = base64.replace(/^data:image\/[a-z]+;base64,/, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text))
    throw AppError.validation([{ field, message: `${field} must be a base64-encoded PNG or JPEG image` }]);
  const data = Buffer.from(text, 'base64');
  if (!data.length) throw AppError.validation([{ field, message: `${field} is empty` }]);
  if (data.length > MAX_LOGO_BYTES)
    throw AppError.validation([{ field, message: `${field} must be at most ${MAX_LOGO_BYTES} bytes` }]);
  const contentType = imageTypeOf(data);
  if (!contentType) throw AppError.validation([{ field, message: `${field} must be a PNG or JPEG image` }]);
  return { data, contentType };
}
