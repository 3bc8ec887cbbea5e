import { AppError, ErrorCode } from '../../../lib/errors';

/** The refusal of a file that is not UTF-8 text, naming the line of its first bad byte (the header is line 1). */
export const notText = (line: number) =>
  new AppError(
    ErrorCode.BAD_REQUEST,
    `The file is not UTF-8 text (line ${line} has a byte that is not UTF-8 or a NUL): save the CSV as UTF-8`,
  );

/**
 * Checks a file's bytes as they stream in: UTF-8 (the decoder of the platform, `fatal`) and no NUL (PostgreSQL text
 * cannot hold one). Each line is handed to the streaming decoder on its own, so the decoder fails on the line that
 * holds the bad byte: a byte 0x0A is never part of a multi-byte sequence, and a sequence cut by one fails at it.
 * Nothing is kept but the decoder's pending bytes of one character.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private line = 1;
  private failed = false;

  /** The refusal at the first chunk that holds a bad byte; undefined while the text is fine. */
  push(chunk: Buffer): AppError | undefined {
    for (let start = 0; start < chunk.length && !this.failed;) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      try {
        if (piece.includes(0)) throw new Error('NUL');
        this.decoder.decode(piece, { stream: true });
      } catch {
        this.failed = true;
        return notText(this.line);
      }
      if (newline !== -1) this.line++;
      start = end;
    }
    return undefined;
  }

  /** The refusal when the file ends inside a character. */
  end(): AppError | undefined {
    if (this.failed) return undefined;
    try {
      this.decoder.decode();
      return undefined;
    } catch {
      return notText(this.line);
    }
  }
}
