import type { ImportGraph } from './import-graph';

/** One row of the layer table of docs/architecture.md. */
export interface LayerRow {
  layer: string;
  /** Files (`src/app.ts`) and folders (`src/db/`, ending in `/`) of the layer. */
  paths: string[];
  /** The layers its files may import; the layer's own files are always allowed. */
  mayImport: string[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/**
 * The table under the heading `## Layers` of a markdown document: `| layer | files | may import | ... |`. The
 * files cell names files and folders in backticks; the may-import cell is `everything`, `nothing of ours`, or
 * layer names separated by commas, each optionally followed by a remark in parentheses. A name that is no layer
 * of the table is an error: the table cannot say what the check does not understand.
 */
export function parseLayerTable(markdown: string): LayerRow[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## Layers');
  if (start === -1) throw new Error('no "## Layers" heading');
  const first = lines.findIndex((l, i) => i > start && l.trim().startsWith('|'));
  const table: string[] = [];
  for (let i = first; i < lines.length && lines[i].trim().startsWith('|'); i++) table.push(lines[i]);
  const [header, , ...body] = table.map(cells);
  const column = (name: string) => {
    const i = header.indexOf(name);
    if (i === -1) throw new Error(`the layer table has no column "${name}"`);
    return i;
  };
  const [layerAt, filesAt, importsAt] = [column('layer'), column('files'), column('may import')];
  const raw = body.map((row) => ({
    layer: row[layerAt],
    paths: [...row[filesAt].matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    imports: row[importsAt],
  }));
  const names = raw.map((r) => r.layer);
  return raw.map(({ layer, paths, imports }) => {
    let mayImport: string[];
    if (imports === 'everything') mayImport = names.filter((n) => n !== layer);
    else if (imports === 'nothing of ours') mayImport = [];
    else
      mayImport = imports
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((n) => n.trim());
    const unknown = mayImport.filter((n) => !names.includes(n));
    if (unknown.length) throw new Error(`layer ${layer} may import unknown layers: ${unknown.join(', ')}`);
    return { layer, paths, mayImport };
  });
}

/** The layer of a file: the row naming it, or the row of the longest folder that holds it. */
export function layerOf(table: LayerRow[], file: string): string | undefined {
  let best: { layer: string; length: number } | undefined;
  for (const row of table)
    for (const p of row.paths)
      if ((p.endsWith('/') ? file.startsWith(p) : file === p) && p.length > (best?.length ?? -1))
        best = { layer: row.layer, length: p.length };
  return best?.layer;
}

/** Files in no layer, and imports from one layer into a layer its row does not allow. */
export function layerViolations(graph: ImportGraph, table: LayerRow[]): string[] {
  const allowed = new Map(table.map((r) => [r.layer, r.mayImport]));
  return Object.entries(graph).flatMap(([file, edges]) => {
    const from = layerOf(table, file);
    if (!from) return [`${file} is in no layer`];
    return edges.flatMap(({ to }) => {
      const into = layerOf(table, to);
      if (into === undefined || into === from || allowed.get(from)!.includes(into)) return [];
      return [`${file} (${from}) -> ${to} (${into})`];
    });
  });
}

/** `src/modules/<module>/...`: the module of a file. */
export const moduleOf = (file: string): string | undefined => /^src\/modules\/([^/]+)\//.exec(file)?.[1];

/** Module folders that are not in the module list, and imports of a module listed below the importer. */
export function moduleOrderViolations(graph: ImportGraph, order: readonly string[]): string[] {
  const folders = new Set(
    Object.keys(graph)
      .map(moduleOf)
      .filter((m) => m !== undefined),
  );
  const unlisted = [...folders]
    .filter((f) => !order.includes(f))
    .map((f) => `src/modules/${f}/ is not a listed module`);
  const below = Object.entries(graph).flatMap(([file, edges]) => {
    const from = moduleOf(file);
    return edges
      .filter(({ to }) => {
        const into = moduleOf(to);
        return from && into && into !== from && order.indexOf(into) > order.indexOf(from);
      })
      .map(({ to }) => `${file} -> ${to}`);
  });
  return [...unlisted, ...below];
}

/** Imports that reach another module's code at run time: only its entities may be (calls go through `needs`). */
export function runtimeModuleViolations(graph: ImportGraph): string[] {
  return Object.entries(graph).flatMap(([file, edges]) =>
    edges
      .filter(({ to, typeOnly }) => {
        const [from, into] = [moduleOf(file), moduleOf(to)];
        return !typeOnly && from && into && from !== into && !to.endsWith('.entity.ts');
      })
      .map(({ to }) => `${file} -> ${to}`),
  );
}

/**
 * Import circles (strongly connected groups of files, type imports included) other than entities that hold
 * each other's relation: every group of two or more files that is not all entities (Tarjan's algorithm).
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph[v] ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of Object.keys(graph)) if (!index.has(v)) visit(v);
  return groups.filter((g) => !g.every((f) => f.endsWith('.entity.ts')));
}
