/**
 * The prerendered landing page's only script (docs/decisions/0041: ≤ 60 kB of JavaScript on /; this is
 * about 2 kB). It does what the React landing does for a first visitor, with no React:
 * - the cookie banner until a decision (the same store as the app's, consent-store.ts);
 * - « Mensuel / Annuel » in the pricing section;
 * - the environment banner outside production.
 * « Personnaliser » and « Gestion des cookies » load the app's consent components alone
 * (consent-island.tsx); a signed-in owner gets the app itself (their own links), which renders
 * the same page over this one.
 * The page: scripts/prerender-landing.mjs; the why: docs/decisions/0041-first-load-javascript.md.
 * It also comes with the pages the server paints first for a visitor (/auth, src/server/web-app/static.ts):
 * there it shows the same banner until the app brings its own, makes the painted page's buttons
 * work, and starts the app on the visitor's first move (a pointer down, a key, a focus), not at
 * load: the page takes typing before it (src/web/lib/form-draft.ts), and a phone's main thread
 * stays free until someone uses it (docs/decisions/0030-first-load-on-a-slow-phone.md).
 */
import { consentStore, NOTHING_ALLOWED } from '../features/consent/consent-store.ts';
import type { PublicConfig } from '../../shared/api/account.ts';

const appUrl = document.querySelector('script[data-app]')?.getAttribute('data-app') ?? '';
/** A page the server painted for the app (not the landing): the app comes on the first move, with its own banner and dialog. */
const paintedRoot = document.getElementById('root')?.hasAttribute('data-first-paint')
  ? document.getElementById('root')
  : null;
const appComing = paintedRoot !== null;
const banner = document.getElementById('consent-banner-static');

let appStarted = false;
/** Starts the app over the prerendered page; its own banner and dialog take over the consent. */
function startApp() {
  if (appStarted) return;
  appStarted = true;
  hideBanner();
  void import(/* @vite-ignore */ appUrl);
}

/** The painted page's app: the page's banner stays until the app's own replaces it. A failed
 *  load (the network, a deploy in between) is tried again on the next move. */
function startPaintedApp() {
  if (appStarted) return;
  appStarted = true;
  import(/* @vite-ignore */ appUrl).catch(() => {
    appStarted = false;
  });
}

let islandStarted = false;
/** « Personnaliser », « Gestion des cookies »: the app's banner and dialog, without the app. */
function openPreferences() {
  consentStore.openPreferences();
  if (appStarted || islandStarted || appComing) return;
  islandStarted = true;
  hideBanner();
  void import('./consent-island.tsx');
}

function hideBanner() {
  if (!banner) return;
  banner.hidden = true;
  document.body.style.paddingBottom = '';
  document.documentElement.style.removeProperty('--fixed-bottom-bar');
}

/** As the app's banner (consent-banner.tsx): the page keeps room below for the fixed banner. */
function showBanner() {
  if (!banner) return;
  banner.hidden = false;
  const section = banner.firstElementChild as HTMLElement | null;
  if (!section) return;
  const reserve = () => {
    if (banner.hidden) return;
    document.body.style.paddingBottom = `${section.offsetHeight}px`;
    document.documentElement.style.setProperty('--fixed-bottom-bar', `${section.offsetHeight}px`);
  };
  reserve();
  new ResizeObserver(reserve).observe(section);
  const [refuse, accept, customise] = section.querySelectorAll('button');
  refuse?.addEventListener('click', () => consentStore.decide(NOTHING_ALLOWED));
  accept?.addEventListener('click', () => consentStore.decide({ analytics: true, ads: true }));
  customise?.addEventListener('click', openPreferences);
}

consentStore.subscribe(() => {
  if (consentStore.getSnapshot().decided) hideBanner();
});
if (!consentStore.getSnapshot().decided) showBanner();

// The page the server painted (/auth). The app starts on the visitor's first move.
if (paintedRoot) {
  // `click` too: a screen reader's activation may send it alone.
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click'])
    window.addEventListener(type, startPaintedApp, { capture: true, passive: true });
}
// Its form cannot be sent before the app: an Enter pressed in it, or its button, is marked,
// and the app sends the form once it is in (src/web/lib/form-draft.ts).
const paintedForm = paintedRoot?.querySelector('form') ?? null;
/** Another mode or « Mot de passe oublié ? » asked for on the painted page: its form (sign-in's)
 *  is no longer the one the app will show, so a send on it is not kept. */
let paintedFormOutdated = false;
paintedForm?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && !paintedFormOutdated)
    paintedForm.setAttribute('data-submitted', '');
});
paintedForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!paintedFormOutdated) paintedForm.setAttribute('data-submitted', '');
  startPaintedApp();
});
function outdatePaintedForm() {
  paintedFormOutdated = true;
  paintedForm?.removeAttribute('data-submitted');
  const send = paintedForm?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (send) send.disabled = true;
}
// Its buttons come disabled from the server (a click before this script would be lost, and a
// submit would put the password in the address); here they do what the app's would, or say
// what the app is to do once it is in.
if (paintedRoot) {
  const toggles = [...paintedRoot.querySelectorAll<HTMLButtonElement>('[role="group"] button[aria-pressed]')];
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      if (toggle.getAttribute('aria-pressed') === 'true') return;
      // The app reads its mode from the address as it starts (src/web/pages/auth-page.tsx);
      // the address's other parameters stay.
      const url = new URL(location.href);
      if (toggle.textContent?.trim() === 'Inscription') url.searchParams.set('mode', 'inscription');
      else url.searchParams.delete('mode');
      history.replaceState(history.state, '', url);
      outdatePaintedForm();
      // The pressed look moves at once; the form follows with the app.
      const pressed = toggles.find((other) => other.getAttribute('aria-pressed') === 'true');
      if (pressed) [pressed.className, toggle.className] = [toggle.className, pressed.className];
      for (const other of toggles) other.setAttribute('aria-pressed', String(other === toggle));
    });
  }
  paintedRoot.querySelector('button[data-forgot-password]')?.addEventListener('click', () => {
    paintedForm?.setAttribute('data-intent', 'forgot-password');
    outdatePaintedForm();
  });
  for (const button of paintedRoot.querySelectorAll<HTMLButtonElement>('button[disabled]')) button.disabled = false;
  finishPressesAcrossTheSwap(paintedRoot);
}

/**
 * The app starts on a pointer's down and may replace the painted page before the pointer comes
 * up: the browser then sends the click to the buttons' common ancestor, not to a button, and a
 * tap on « Inscription » would do nothing. Such a press is finished on the app's button that
 * took the painted one's place (same type, same text); a click that did reach a button is left
 * alone.
 */
function finishPressesAcrossTheSwap(root: HTMLElement) {
  let pressed: HTMLButtonElement | null = null;
  let clickedButton = false;
  const buttonOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('button') : null);
  const options = { capture: true, passive: true };
  window.addEventListener(
    'pointerdown',
    (event) => {
      const button = buttonOf(event.target);
      pressed = button && root.contains(button) ? button : null;
    },
    options,
  );
  window.addEventListener('click', (event) => (clickedButton = buttonOf(event.target) !== null), options);
  window.addEventListener(
    'pointerup',
    () => {
      const button = pressed;
      pressed = null;
      if (!button || button.isConnected) return;
      clickedButton = false;
      // The click, if any, follows the pointer's up in the same task.
      setTimeout(() => {
        if (clickedButton) return;
        const text = button.textContent?.trim();
        [...root.querySelectorAll<HTMLButtonElement>('button')]
          .find((twin) => twin.type === button.type && !twin.disabled && twin.textContent?.trim() === text)
          ?.click();
      });
    },
    options,
  );
}

// « Gestion des cookies » in the footer, and « Modifier mes choix de cookies » of the painted
// privacy page (`data-cookie-preferences`), open the app's preferences dialog.
for (const button of document.querySelectorAll<HTMLButtonElement>('footer button, button[data-cookie-preferences]')) {
  if (button.textContent?.trim() === 'Gestion des cookies' || button.hasAttribute('data-cookie-preferences')) {
    button.addEventListener('click', openPreferences);
  }
}

// « Mensuel / Annuel »: the labels' look and the Premium price come from the prerendered other period.
const toggle = document.querySelector('[data-billing-toggle]');
const price = document.querySelector('[data-premium-price]');
const yearly = document.querySelector<HTMLTemplateElement>('#pricing-yearly')?.content;
if (toggle && price && yearly) {
  const views = {
    monthly: { labels: [...toggle.querySelectorAll('label')].map((label) => label.outerHTML), price: price.innerHTML },
    yearly: {
      labels: [...yearly.querySelectorAll('[data-billing-toggle] label')].map((label) => label.outerHTML),
      price: yearly.querySelector('[data-premium-price]')?.innerHTML ?? '',
    },
  };
  const classesOf = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    const label = box.firstElementChild!;
    return { label: label.className, badge: label.querySelector('span')?.className };
  };
  toggle.addEventListener('change', (event) => {
    const period = (event.target as HTMLInputElement).value === 'yearly' ? 'yearly' : 'monthly';
    const view = views[period];
    toggle.querySelectorAll('label').forEach((label, index) => {
      const classes = classesOf(view.labels[index] ?? '');
      label.className = classes.label;
      const badge = label.querySelector('span');
      if (badge && classes.badge) badge.className = classes.badge;
    });
    price.innerHTML = view.price;
  });
}

// A signed-in owner gets the app's landing (« Tableau de bord », their plan's links); and, as in
// the app, the environment's name outside production.
// The server marks the page when the request carried a session cookie (src/server/web-app/static.ts).
if (document.documentElement.hasAttribute('data-session')) {
  void fetch('/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } }).then((response) => {
    if (response.ok) startApp();
  });
}
void fetch('/api/config', { headers: { accept: 'application/json' } })
  .then((response) => (response.ok ? (response.json() as Promise<PublicConfig>) : null))
  .then((config) => {
    // The painted page has its own (src/web/shell/render-shell.tsx), and the app brings one.
    if (appStarted || appComing || !config || config.appEnv === 'production') return;
    const aside = document.createElement('aside');
    aside.setAttribute('aria-label', 'Environnement');
    // The classes of src/web/components/environment-banner.tsx.
    aside.classList.add('bg-amber-300', 'px-4', 'py-1', 'text-center', 'text-xs', 'font-semibold', 'text-amber-950');
    aside.dataset.testid = 'env-banner';
    aside.textContent = `Environnement : ${config.appEnv === 'development' ? 'développement' : config.appEnv}`;
    document.querySelector('#root header')?.before(aside);
  });
