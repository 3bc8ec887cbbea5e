import { AppError, ErrorCode } from '../lib/errors';

/** What body-parser (and raw-body under it) attach to the errors it passes on. */
interface BodyParserError {
  type?: string;
  status?: number;
  /** Set by node:zlib on a decompression failure (Z_DATA_ERROR, Z_BUF_ERROR, a Brotli decoder's code). */
  errno?: number;
  expose?: boolean;
}

/**
 * body-parser's errors, which are the caller's fault with their own status (express.json on the app, express.text
 * on the routers that read their own bodies). A body whose Content-Encoding does not decode reaches here as the
 * zlib stream's own error, without a `type`, that body-parser marked 400: INVALID_CONTENT_ENCODING. An encoding
 * it does not know is a 415, and a body that inflates past BODY_LIMIT stops being read there: 413.
 */
export function fromBodyParser(err: unknown): AppError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as BodyParserError;
  switch (e.type) {
    case 'entity.parse.failed':
      return new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON in request body');
    case 'entity.too.large':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is larger than the limit');
    case 'encoding.unsupported':
      return new AppError(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br',
      );
    case 'charset.unsupported':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported charset in Content-Type');
    case 'request.size.invalid':
      return new AppError(ErrorCode.BAD_REQUEST, 'The body is not as long as its Content-Length says');
    case 'request.aborted':
      return new AppError(ErrorCode.BAD_REQUEST, 'The request was aborted before its body was read');
  }
  if (e.type === undefined && e.status === 400 && e.expose && typeof e.errno === 'number')
    return new AppError(
      ErrorCode.INVALID_CONTENT_ENCODING,
      'The body could not be decompressed: it is not valid data of its Content-Encoding',
    );
  return undefined;
}
