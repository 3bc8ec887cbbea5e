/**
 * Poppler's command-line tools over a PDF (Debian's poppler-utils; .ci/run installs them): a page as PNG and as a
 * grey-scale pixmap (PGM, read here to see that something is drawn), the text, the page count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import type { Response } from 'superagent';

export const POPPLER = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext');

function withFile<T>(pdf: Buffer, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page `page` (from 1) drawn by pdftoppm: PNG (`-png`) or grey-scale PGM (`-gray`) bytes at `dpi`. */
function page(pdf: Buffer, n: number, dpi: number, kind: '-png' | '-gray'): Buffer {
  return withFile(pdf, (file, dir) => {
    const args = [kind, '-r', String(dpi), '-f', String(n), '-l', String(n), '-singlefile', file, join(dir, 'page')];
    execFileSync('pdftoppm', args);
    return readFileSync(join(dir, kind === '-png' ? 'page.png' : 'page.pgm'));
  });
}

/** Page `n` (from 1) as PNG bytes at `dpi`. */
export const pageAsPng = (pdf: Buffer, n = 1, dpi = 72): Buffer => page(pdf, n, dpi, '-png');

/** The share of the page's pixels that are not white (grey-scale at 36 dpi). */
export function inkShare(pdf: Buffer, n = 1): number {
  const pgm = page(pdf, n, 36, '-gray');
  // P5\n<w> <h>\n<max>\n<bytes>
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const pixels = pgm.subarray(header[0].length);
  let ink = 0;
  for (const p of pixels) if (p < 200) ink++;
  return ink / pixels.length;
}

/** A superagent parser that keeps a binary answer's bytes as a Buffer (supertest buffers only text by default). */
export function bytes(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The text of the PDF, in reading order of its layout. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8'));
}

export function pageCount(pdf: Buffer): number {
  return withFile(pdf, (file) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]));
}

/** A small PNG (8-bit RGB): a `w` x `h` logo, a dark band on a light field, for branding tests. */
export function tinyPng(w = 120, h = 40): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const dark = y > h / 4 && y < (3 * h) / 4 && x > w / 8;
      row.set(dark ? [20, 70, 140] : [235, 180, 40], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
