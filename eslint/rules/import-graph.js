// The module graph the layering rules read: which local files a file imports. Other files are
// parsed with TypeScript's import scanner and cached by modification time; the file being
// linted is read from its syntax tree, so an unsaved buffer counts as it is.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'];
/** A cached file is trusted this long before its modification time is checked again (editors re-lint often). */
const FRESH_MS = 1000;

/** file → { mtimeMs, checkedAt, imports } */
const cache = new Map();

const isFile = (file) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

export const isRelative = (specifier) =>
  specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');

/** Where a relative specifier points, without looking at the disk (enough to tell a layer). */
export const targetPath = (fromFile, specifier) =>
  isRelative(specifier) ? path.resolve(path.dirname(fromFile), specifier) : null;

/** The existing file a relative specifier imports (`./x.ts`, `./x`, `./dir` → `./dir/index.ts`), or null. */
export function resolveImport(fromFile, specifier) {
  const base = targetPath(fromFile, specifier);
  if (!base) return null;
  if (isFile(base)) return base;
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  for (const extension of EXTENSIONS)
    if (isFile(path.join(base, `index${extension}`))) return path.join(base, `index${extension}`);
  return null;
}

/** The local files `file` imports (static, type-only, re-exports and dynamic imports alike), from the disk. */
export function importsOf(file) {
  const now = Date.now();
  const cached = cache.get(file);
  if (cached && now - cached.checkedAt < FRESH_MS) return cached.imports;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    cache.delete(file);
    return [];
  }
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
    cached.checkedAt = now;
    return cached.imports;
  }
  let imports = [];
  if (SOURCE_FILE.test(file)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    imports = [...new Set(info.importedFiles.map((ref) => resolveImport(file, ref.fileName)).filter(Boolean))];
  }
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, checkedAt: now, imports });
  return imports;
}

/**
 * The shortest chain of imports from `start` back to `goal`, or null. `dead` holds files known
 * not to lead to `goal`; it grows, so several searches for one goal share their work.
 */
export function pathBack(start, goal, dead = new Set()) {
  if (start === goal) return [goal];
  if (dead.has(start)) return null;
  const parent = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const next of importsOf(file)) {
      if (parent.has(next) || dead.has(next)) continue;
      parent.set(next, file);
      if (next === goal) {
        const chain = [];
        for (let at = goal; at !== null; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(next);
    }
  }
  for (const file of queue) dead.add(file);
  return null;
}

/** The module specifier nodes of the file being linted, with the statement to report on. */
export function importSources(node) {
  const found = [];
  const add = (statement, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string')
      found.push({ node: statement, specifier: source.value });
  };
  for (const statement of node.body) {
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration')
      add(statement, statement.source);
    else if (statement.type === 'ExportNamedDeclaration' && statement.source) add(statement, statement.source);
  }
  return found;
}

/** A path as the report shows it: relative to the directory ESLint runs in, with forward slashes. */
export const shown = (cwd, file) => path.relative(cwd, file).split(path.sep).join('/');
