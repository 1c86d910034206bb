import { describe, expect, it } from 'vitest';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import {
  isAppLayoutPath,
  isSignedOutPaintPath,
  renderAppShell,
  renderConsentBanner,
  renderSignedOutPage,
} from './render-shell.tsx';

const organisation = { id: 'o1', name: 'Le Bistrot <du> Port', role: 'owner' as const };
const me = {
  user: {
    id: 'u1',
    email: 'chef@bistrot.fr',
    role: 'user',
    twoFactorEnabled: false,
    emailVerified: true,
    name: '<Marie> Durand',
  },
  organisation,
  organisations: [organisation],
  subscription: { tier: 'free' },
  usage: { recipes: 1, menus: 0, qrCodes: 0 },
  limits: { recipes: 5, menus: 1, qrCodes: 1 },
} as unknown as MeResponse;
const config = { appName: 'NutriCarte', appEnv: 'production' } as PublicConfig;

describe('the signed-in layout painted by the server (docs/decisions/0028-server-first-paint.md)', () => {
  it('paints the header and the dashboard greeting with the account’s names, escaped', () => {
    const html = renderAppShell('/dashboard', me, config)!;
    expect(html).toContain('<header');
    expect(html).toContain('Tableau de bord');
    expect(html).toContain('Le Bistrot &lt;du&gt; Port');
    // The first name given at sign-up (src/web/pages/dashboard/greeting.ts), escaped.
    expect(html).toContain('Bonjour, &lt;Marie&gt;\u202f!</h1>');
    expect(html).toContain('data-testid="account-menu-button"');
    // The page's data is the app's: the greeting stands above « Chargement... ».
    expect(html).toContain('Chargement...');
    expect(html).not.toContain('<script');
  });

  it('paints the layout alone for its other pages, and nothing outside it', () => {
    const recipes = renderAppShell('/recipes', me, config)!;
    expect(recipes).toContain('<header');
    expect(recipes).not.toContain('Bonjour');
    expect(isAppLayoutPath('/menus/abc')).toBe(true);
    for (const pathname of ['/', '/auth', '/recipes/abc/fiche', '/menu/abc', '/nimporte-quoi']) {
      expect(isAppLayoutPath(pathname), pathname).toBe(false);
      expect(renderAppShell(pathname, me, config), pathname).toBeNull();
    }
  });

  it('paints the same markup on every page load: the header’s menus stay the stand-ins the app first shows', async () => {
    const first = renderAppShell('/dashboard', me, config);
    // The menus' code, as a first render would have started loading it.
    await Promise.all([
      import('../layouts/account-menu.tsx'),
      import('../layouts/app-menu.tsx'),
      import('../features/organisations/organisation-menu.tsx'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderAppShell('/dashboard', me, config)).toBe(first);
    expect(first).toContain('data-testid="account-menu-button" disabled=""');
  });

  it('shows the environment outside production, as the app does', () => {
    expect(renderAppShell('/recipes', me, config)).not.toContain('Environnement');
    expect(renderAppShell('/recipes', me, { ...config, appEnv: 'development' })).toMatch(
      /Environnement\s: développement/,
    );
  });
});

describe('signed-out pages painted by the server (docs/decisions/0028-server-first-paint.md « Signed-out pages »)', () => {
  it('paints /auth as the app first shows it: sign-in, or sign-up for ?mode=inscription, in the public layout', () => {
    const signIn = renderSignedOutPage('/auth', '', config)!;
    expect(signIn).toContain('<header');
    expect(signIn).toContain('>Connexion</h1>');
    expect(signIn).toContain('name="email"');
    expect(signIn).toContain('name="password"');
    expect(signIn).toContain('data-stand-in=""');
    expect(signIn).toContain('Gestion des cookies');
    expect(signIn).not.toContain('<script');
    const signUp = renderSignedOutPage('/auth', '?mode=inscription', config)!;
    expect(signUp).toContain('>Inscription</h1>');
    expect(signUp).toContain('name="restaurantName"');
    expect(renderSignedOutPage('/auth', '', { ...config, appEnv: 'development' })).toMatch(
      /Environnement\s: développement/,
    );
  });

  it('can be typed in but not sent before the app comes: every button is disabled, the links stay links', () => {
    const html = renderSignedOutPage('/auth', '', config)!;
    const buttons = html.match(/<button[^>]*>/g)!;
    expect(buttons.length).toBeGreaterThanOrEqual(4); // Connexion, Inscription, Mot de passe oublié, Se connecter…
    expect(buttons.filter((b) => !b.includes('disabled=""'))).toEqual([]);
    expect(html).toContain('href="/auth?mode=inscription"');
  });

  it('paints only the pages it knows, and the cookie banner with its three choices', () => {
    expect(isSignedOutPaintPath('/auth')).toBe(true);
    for (const pathname of ['/', '/dashboard', '/reset-password', '/auth/x']) {
      expect(isSignedOutPaintPath(pathname), pathname).toBe(false);
      expect(renderSignedOutPage(pathname, '', config), pathname).toBeNull();
    }
    const banner = renderConsentBanner();
    for (const choice of ['Tout refuser', 'Tout accepter', 'Personnaliser']) expect(banner).toContain(choice);
  });
});
