import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, ErrorCode } from '../lib/errors';

/** The 400 of a multipart body busboy cannot read. */
export function malformedMultipart(e: unknown): AppError {
  return new AppError(ErrorCode.BAD_REQUEST, `Malformed multipart body: ${(e as Error).message}`);
}

/**
 * The checks every upload makes before reading a byte (one file part, at most `maxBytes`): multipart at all
 * (else `notMultipart`), a declared length not over the limit (413 `tooLarge`), a boundary busboy can use (400).
 * Throws the AppError; the caller pipes the request into the parser it gets.
 */
export function openMultipart(
  req: Request,
  opts: { maxBytes: number; notMultipart: AppError; tooLarge: string },
): busboy.Busboy {
  if (!req.is('multipart/form-data')) throw opts.notMultipart;
  if (Number(req.get('content-length') ?? 0) > opts.maxBytes + 64 * 1024)
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, opts.tooLarge);
  try {
    return busboy({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: opts.maxBytes } });
  } catch (e) {
    throw malformedMultipart(e);
  }
}
