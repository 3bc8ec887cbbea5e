import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One import of a file: the imported file (relative to the root, `/` separators) and whether only types cross it. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** Every file of the folders read, with the files of ours it imports (packages are left out). */
export type ImportGraph = Record<string, ImportEdge[]>;

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/**
 * The import graph of `folders` (relative to `root`), read by the TypeScript compiler: `ts.preProcessFile` finds
 * every import (static, re-export, dynamic `import()`, `require`), `ts.resolveModuleName` resolves it with the
 * project's tsconfig, as the compiler does. An import is type-only when every declaration of it in the file is
 * (`import type`, `export type`, or named imports that are all `type`): it is erased at run time.
 */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const graph: ImportGraph = {};
  for (const file of folders.flatMap((f) => tsFiles(join(root, f)))) {
    const text = readFileSync(file, 'utf8');
    const typeOnly = typeOnlySpecifiers(file, text);
    const edges = new Map<string, ImportEdge>();
    for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(spec, file, config.options, ts.sys).resolvedModule;
      if (!resolved && spec.startsWith('.')) throw new Error(`${file}: '${spec}' names no file`);
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = relative(root, resolved.resolvedFileName).replace(/\\/g, '/');
      const known = edges.get(to);
      edges.set(to, { to, typeOnly: (known?.typeOnly ?? true) && typeOnly.has(spec) });
    }
    graph[relative(root, file).replace(/\\/g, '/')] = [...edges.values()];
  }
  return graph;
}

/** The module specifiers of a file that only types cross (every static declaration of them is type-only). */
function typeOnlySpecifiers(file: string, text: string): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const typeOnly = new Set<string>();
  const value = new Set<string>();
  for (const s of source.statements) {
    let spec: string | undefined;
    let types = false;
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      spec = s.moduleSpecifier.text;
      const clause = s.importClause;
      const named = clause?.namedBindings;
      types =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      spec = s.moduleSpecifier.text;
      const clause = s.exportClause;
      types =
        s.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
    }
    if (spec !== undefined) (types ? typeOnly : value).add(spec);
  }
  // a specifier also imported for its values, or only dynamically (`import()`, `require`), is not type-only
  return new Set([...typeOnly].filter((s) => !value.has(s)));
}
