import { existsSync } from 'node:fs';
import path from 'node:path';

/** The folder holding package.json, found from this file (works from src/ and dist/). */
export const projectRoot: string = (() => {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.dirname);
    dir = parent;
  }
  return dir;
})();

export const ciqualDir = path.join(projectRoot, 'data', 'ciqual');
export const webDistDir = path.join(projectRoot, 'dist', 'web');
/** The label font (PT Sans Narrow, SIL Open Font License: data/fonts/OFL.txt). */
export const fontsDir = path.join(projectRoot, 'data', 'fonts');
