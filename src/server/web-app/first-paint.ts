import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';

/**
 * What dist/shell/render-shell.js exports (src/web/shell/render-shell.tsx, built by
 * scripts/build-shell.mjs): the signed-in layout's first paint, as HTML.
 */
export interface ShellRenderer {
  isAppLayoutPath(pathname: string): boolean;
  renderAppShell(pathname: string, me: MeResponse, config: PublicConfig): string | null;
  isSignedOutPaintPath(pathname: string): boolean;
  renderSignedOutPage(pathname: string, search: string, config: PublicConfig): string | null;
  renderConsentBanner(): string;
}

/** The signed-in account of a page load, as GET /api/me and GET /api/config answer it. */
export interface FirstPaintAccount {
  me: MeResponse;
  config: PublicConfig;
}

/** The renderer built beside `webDir` (dist/web → dist/shell), or null when it was not built. */
export async function loadShellRenderer(webDir: string): Promise<ShellRenderer | null> {
  const file = path.join(webDir, '..', 'shell', 'render-shell.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ShellRenderer;
}
