/**
 * The files and doc headings that code comments and docs name (test/references.spec.ts): paths such as
 * `src/lib/errors.ts`, `graphql/context.ts` (from src/), `crm.routes.ts` (a bare name, anywhere in the tree),
 * `docs/ai.md, "Lead scoring 0-7"` (a heading or a bold lead-in, or the start of one) and
 * `crm.md#lead-status-moves` (an anchor).
 */
import ts from 'typescript';

export interface Reference {
  from: string;
  line: number;
  path: string;
  heading?: string;
  anchor?: string;
}

/** What the checker may ask about the tree. */
export interface Tree {
  /** Whether a file (relative to the root) exists. */
  exists(path: string): boolean;
  /** Whether a file of that name exists anywhere in the tree. */
  named(name: string): boolean;
  /** The text of a markdown file (relative to the root). */
  read(path: string): string;
}

const EXT = 'ts|md|js|mjs|cjs|json|ya?ml|sql|svg|graphql|sh';
/** A path: letters, digits, `_`, `.`, `-` and `/`; never next to a placeholder (`<module>`, `*`, `${x}`, `{a,b}`). */
const PATH = new RegExp(`(?<![\\w./<>*{}$@:-])((?:[\\w.-]+/)*[\\w-][\\w.-]*\\.(?:${EXT}))(?![\\w/<>*{}$-])`, 'g');
/** A document, then a quoted heading (README alone is README.md), possibly wrapped over comment lines. */
const HEADING = /((?:[\w.-]+\/)*[\w.-]+\.md|README)\)?,?(?:\s|\*|\/\/)+"([^"]{1,160})"/g;
/** A document, `#`, an anchor (also inside a markdown link). */
const ANCHOR = /((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g;
/** A bare name is checked only for these extensions: `Node.js` or `e.g.` in prose are not files. */
const BARE = /\.(?:ts|md|ya?ml)$/;

const tidy = (heading: string) =>
  heading
    .replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();

/** Markdown: code blocks show examples (a module that does not exist), not references. */
const withoutCodeBlocks = (text: string) => text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));

/** The references of a file: in a markdown file its text outside code blocks, in code its comments. */
export function referencesIn(from: string, text: string): Reference[] {
  if (from.endsWith('.md')) return referencesInText(from, withoutCodeBlocks(text), 0);
  return commentsOf(from, text).flatMap((c) => referencesInText(from, c.text, c.line - 1));
}

/** The comments of a TypeScript file, found by the compiler's parser (each once), with their first line. */
export function commentsOf(file: string, text: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Map<number, { text: string; line: number }>();
  // every comment is trivia before some token: the first token of a node (its pos) or the token after one (its end)
  const visit = (node: ts.Node) => {
    for (const at of [node.pos, node.end])
      for (const r of ts.getLeadingCommentRanges(text, at) ?? [])
        if (!seen.has(r.pos))
          seen.set(r.pos, {
            text: text.slice(r.pos, r.end),
            line: source.getLineAndCharacterOfPosition(r.pos).line + 1,
          });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

function referencesInText(from: string, text: string, offset: number): Reference[] {
  const lineAt = (index: number) => offset + text.slice(0, index).split('\n').length;
  const refs: Reference[] = [];
  for (const m of text.matchAll(PATH)) {
    if (/node_modules|^dist\/|^\d/.test(m[1])) continue; // packages, build output, numbers
    refs.push({ from, line: lineAt(m.index!), path: m[1] });
  }
  for (const m of text.matchAll(HEADING))
    refs.push({ from, line: lineAt(m.index!), path: m[1] === 'README' ? 'README.md' : m[1], heading: m[2] });
  for (const m of text.matchAll(ANCHOR)) refs.push({ from, line: lineAt(m.index!), path: m[1], anchor: m[2] });
  return refs;
}

/** The headings of a markdown document, outside code blocks. */
export function headingsOf(markdown: string): string[] {
  return withoutCodeBlocks(markdown)
    .split('\n')
    .map((l) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l)?.[1])
    .filter((h): h is string => h !== undefined);
}

/** The bold lead-ins of a document's paragraphs and list items (`**Backfill: on first read.**`): named sections too. */
export function leadInsOf(markdown: string): string[] {
  return withoutCodeBlocks(markdown)
    .split('\n')
    .map((l) => /^\s*(?:[-*]\s+|\d+\.\s+)?\*\*(.+?)\*\*/.exec(l)?.[1])
    .filter((h): h is string => h !== undefined);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

/**
 * Where a path names a file: from the root, src/, src/modules/, docs/, the naming file's folder or one of its
 * ancestors, or (from docs/<module>.md) the module's folder; a package's file in node_modules; a bare name anywhere.
 */
export function resolve(tree: Tree, from: string, path: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  const ancestors = parts.map((_, i) => `${parts.slice(0, parts.length - i).join('/')}/`);
  const doc = /^docs\/([\w-]+)\.md$/.exec(from)?.[1];
  const folders = [
    '',
    'src/',
    'src/modules/',
    'docs/',
    'node_modules/',
    ...ancestors,
    ...(doc ? [`src/modules/${doc}/`] : []),
  ];
  const found = folders.map((f) => normalize(f + path)).find((c) => tree.exists(c));
  if (found) return found;
  if (!path.includes('/') && BARE.test(path) && tree.named(path)) return path;
  return undefined;
}

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/'))
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  return out.join('/');
}

/** Every reference that names no file, or a heading or anchor its document does not have. */
export function brokenReferences(tree: Tree, refs: Reference[]): string[] {
  const documents = new Map<string, { headings: string[]; sections: string[] }>();
  const documentAt = (path: string) => {
    if (!documents.has(path)) {
      const text = tree.read(path);
      const headings = headingsOf(text);
      const sections = [...headings, ...leadInsOf(text)].map((h) => tidy(h).replace(/^\d+[a-z]?\.\s+/, ''));
      documents.set(path, { headings, sections });
    }
    return documents.get(path)!;
  };
  return refs.flatMap((r) => {
    const at = `${r.from}:${r.line}`;
    if (r.path.startsWith('../')) return []; // outside the repository (the interface spec)
    const path = resolve(tree, r.from, r.path);
    if (!path)
      return !r.path.includes('/') && !BARE.test(r.path) ? [] : [`${at} names ${r.path}, which does not exist`];
    if (r.heading === undefined && r.anchor === undefined) return [];
    if (!path.endsWith('.md')) return [`${at} cites a heading of ${r.path}, which is no document`];
    const { headings, sections } = documentAt(path);
    if (r.anchor !== undefined)
      return headings.some((h) => anchorOf(h) === r.anchor)
        ? []
        : [`${at} cites ${r.path}#${r.anchor}: no such heading`];
    const wanted = tidy(r.heading!);
    return sections.some((h) => h.startsWith(wanted))
      ? []
      : [`${at} cites ${r.path}, "${r.heading!.replace(/\s+/g, ' ')}": no such heading`];
  });
}
