import { expect, test, type Browser, type Page } from '@playwright/test';
import { organisationMessages } from '../src/shared/api/organisations.ts';
import { DEFAULT_RESTAURANT_NAME } from '../src/shared/api/auth.ts';
import { accessLostTitle } from '../src/web/features/organisations/texts.ts';
import {
  calmScreenshot,
  expectFitsScreen,
  expectToast,
  LAPTOP,
  makePremium,
  openAppMenu,
  openOrganisationPage,
  PASSWORD,
  PHONE,
  screenshot,
  signUp,
  switchOrganisation,
  uniqueEmail,
} from './fixtures.ts';
import { waitForLink } from './mailbox.ts';

/**
 * « Kitchen teams » (docs/product/organisations.md): an owner invites a cook by e-mail, the cook signs up through the
 * link and edits a recipe, the owner reads it in « Historique », then removes the cook, whose
 * next click lands on a clear French page. A viewer sees no edit button.
 */
const ORGANISATION = 'Cantine Jules Ferry';
const INVITATION_SUBJECT = /^Invitation à rejoindre une équipe/;

type Viewport = typeof LAPTOP | typeof PHONE;

async function newVisitor(browser: Browser, viewport: Viewport) {
  const phone = viewport.width < 768;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  return context.newPage();
}

/** The owner's organisation on Premium, with one recipe whose allergens nobody has confirmed yet. */
async function seedOwner(page: Page, origin: string, email: string) {
  await signUp(page, email, ORGANISATION);
  await makePremium(page, origin);
  const recipe = await page.request.post('/api/recipes', {
    headers: { Origin: origin },
    data: {
      name: 'Quiche lorraine',
      servings: 6,
      ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
      allergens: ['Lait'],
      allergensDeclared: false,
    },
  });
  expect(recipe.status()).toBe(201);
}

/** Invites through the API (the « Équipe » form is the first test's) and returns the mailed link. */
async function inviteByApi(page: Page, origin: string, email: string, role: 'editor' | 'viewer') {
  const invited = await page.request.post('/api/organisation/invitations', {
    headers: { Origin: origin },
    data: { email, role },
  });
  expect(invited.status()).toBe(201);
  return waitForLink(email, INVITATION_SUBJECT);
}

for (const viewport of [LAPTOP, PHONE]) {
  const w = viewport.width;
  test.describe(`at ${w} px`, () => {
    test.use({ viewport, isMobile: w < 768, hasTouch: w < 768 });

    test('an owner invites a cook, who signs up through the mailed link and edits a recipe; the owner reads it in « Historique », removes the cook, whose next click says so', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const ownerEmail = uniqueEmail('chef');
      const cookEmail = uniqueEmail('marie');
      await seedOwner(page, baseURL!, ownerEmail);

      // --- « Équipe »: the invitation form says what is wrong next to the field.
      await page.goto('/dashboard');
      await openOrganisationPage(page, 'Équipe');
      await expect(page).toHaveURL(/\/equipe$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
      const inviteForm = page.getByRole('form', { name: 'Inviter un membre' });
      await inviteForm.getByLabel('Email').fill('marie@');
      await inviteForm.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await expect(inviteForm.getByText(organisationMessages.emailInvalid)).toBeVisible();
      await inviteForm.getByLabel('Email').fill(cookEmail);
      await inviteForm.getByLabel('Rôle').selectOption({ label: 'Éditeur' });
      await inviteForm.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await expectToast(page, `Invitation envoyée à ${cookEmail}`);
      await expect(page.getByTestId('invitation-row').filter({ hasText: cookEmail })).toContainText('Éditeur');
      await expectFitsScreen(page, 'Équipe');
      await calmScreenshot(page, `team-owner-${w}`);

      // --- The owner opens the link signed in as someone else: refused in French.
      const link = await waitForLink(cookEmail, INVITATION_SUBJECT);
      expect(link).toMatch(new RegExp(`^${baseURL}/invitation/[^/]+$`));
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: `Rejoindre « ${ORGANISATION} »` })).toBeVisible();
      await expect(page.getByText(organisationMessages.invitationOtherEmail)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
      await calmScreenshot(page, `invitation-other-address-${w}`);

      // --- The cook: the invitation page, « Créer mon compte » with the address locked, « Rejoindre l’équipe ».
      const cook = await newVisitor(browser, viewport);
      await cook.goto(link);
      const summary = cook.getByTestId('invitation-summary');
      await expect(summary).toContainText(ORGANISATION);
      await expect(summary).toContainText(cookEmail);
      await expect(summary).toContainText('Éditeur');
      await expectFitsScreen(cook, 'the invitation page');
      await screenshot(cook, `invitation-${w}`);
      await cook.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(cook.getByLabel('Email')).toHaveValue(cookEmail);
      await expect(cook.getByLabel('Email')).toHaveAttribute('readonly', '');
      await cook.getByLabel('Votre nom').fill('Marie');
      await cook.getByLabel('Mot de passe').fill(PASSWORD);
      await screenshot(cook, `invitation-sign-up-${w}`);
      await cook.getByRole('button', { name: 'Créer mon compte' }).click();
      await cook.getByRole('button', { name: 'Rejoindre l’équipe' }).click();
      await expect(cook).toHaveURL(/\/dashboard$/);
      await expectToast(cook, `Bienvenue dans « ${ORGANISATION} » !`);
      await expect(cook.getByText(`Bienvenue sur le tableau de bord de ${ORGANISATION}.`)).toBeVisible();

      // Two organisations now: the switcher lists both, the cook's own and the canteen.
      await switchOrganisation(cook, DEFAULT_RESTAURANT_NAME);
      await expect(cook.getByText(`Bienvenue sur le tableau de bord de ${DEFAULT_RESTAURANT_NAME}.`)).toBeVisible();
      await expectToast(cook, `Vous travaillez maintenant dans « ${DEFAULT_RESTAURANT_NAME} »`);
      if (w < 768) {
        const menu = await openAppMenu(cook);
        await expect(menu.getByRole('list', { name: 'Changer d’organisation' }).getByRole('button')).toHaveCount(2);
        await screenshot(cook, `organisation-menu-${w}`, { fullPage: false });
        await cook.keyboard.press('Escape');
      } else {
        await cook.getByTestId('organisation-switcher').click();
        await expect(cook.getByRole('menuitemradio')).toHaveCount(2);
        await expect(
          cook.getByRole('menuitemradio', { name: new RegExp(`^${DEFAULT_RESTAURANT_NAME}`) }),
        ).toHaveAttribute('aria-checked', 'true');
        await screenshot(cook, `organisation-menu-${w}`, { fullPage: false });
        await cook.keyboard.press('Escape');
      }
      await switchOrganisation(cook, ORGANISATION);
      await expect(cook.getByText(`Bienvenue sur le tableau de bord de ${ORGANISATION}.`)).toBeVisible();
      await expectToast(cook, `Vous travaillez maintenant dans « ${ORGANISATION} »`);

      // --- The cook (an editor) confirms the recipe's allergens; the card says who did.
      await cook.goto('/recipes');
      const card = cook.getByTestId('recipe-card').filter({ hasText: 'Quiche lorraine' });
      await card.getByRole('button', { name: 'Modifier' }).click();
      await cook.getByLabel('Je confirme la liste des allergènes').check();
      await cook.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(cook, 'Recette mise à jour avec succès');
      await expect(card.getByTestId('allergens-confirmed')).toHaveText(
        /^Allergènes confirmés par Marie le \d{1,2}(?:er)? \p{L}+$/u,
      );
      await calmScreenshot(cook, `recipes-editor-${w}`);

      // --- The owner reads it: the organisation's « Historique » and the recipe's own.
      await page.goto('/dashboard');
      await openOrganisationPage(page, 'Historique');
      await expect(page).toHaveURL(/\/historique$/);
      const events = page.getByTestId('history-event');
      await expect(events.first()).toContainText('Marie a confirmé les allergènes de Quiche lorraine —');
      await expect(page.getByText('Marie a rejoint l’organisation (Éditeur)')).toBeVisible();
      await expect(page.getByText(`a invité ${cookEmail} (Éditeur)`)).toBeVisible();
      await expectFitsScreen(page, 'Historique');
      await calmScreenshot(page, `history-${w}`);
      await page.goto('/recipes');
      await page.getByRole('button', { name: 'Historique de Quiche lorraine' }).click();
      const dialog = page.getByRole('dialog', { name: 'Historique de « Quiche lorraine »' });
      await expect(dialog.getByTestId('history-event').first()).toContainText(
        'Marie a confirmé les allergènes de Quiche lorraine',
      );
      await expect(dialog.getByTestId('history-event').last()).toContainText('a créé la recette Quiche lorraine');
      await screenshot(page, `recipe-history-${w}`, { fullPage: false });
      await page.keyboard.press('Escape');

      // --- The owner removes the cook (asked first).
      await page.goto('/equipe');
      const row = page.getByTestId('member-row').filter({ hasText: cookEmail });
      await expect(row.getByLabel('Rôle de Marie')).toHaveValue('editor');
      await row.getByRole('button', { name: 'Retirer Marie' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Retirer Marie de l’équipe ?');
      await confirm.getByRole('button', { name: 'Retirer' }).click();
      await expectToast(page, 'Marie ne fait plus partie de l’équipe');
      await expect(page.getByTestId('member-row')).toHaveCount(1);

      // --- The cook's next click: the clear French page, then on in their own organisation.
      if (w < 768) {
        const menu = await openAppMenu(cook);
        await menu.getByRole('link', { name: 'Mes Menus', exact: true }).click();
      } else {
        await cook
          .getByRole('navigation', { name: 'Navigation principale' })
          .getByRole('link', { name: 'Mes Menus' })
          .click();
      }
      const lost = cook.getByTestId('access-lost');
      await expect(lost.getByRole('heading', { level: 1, name: accessLostTitle(ORGANISATION) })).toBeVisible();
      await expectFitsScreen(cook, 'the access-lost page');
      await calmScreenshot(cook, `access-lost-${w}`);
      await lost.getByRole('button', { name: `Continuer dans « ${DEFAULT_RESTAURANT_NAME} »` }).click();
      await expect(cook).toHaveURL(/\/dashboard$/);
      await expect(cook.getByText(`Bienvenue sur le tableau de bord de ${DEFAULT_RESTAURANT_NAME}.`)).toBeVisible();
      // The link was single use.
      await cook.goto(link);
      await expect(cook.getByTestId('invitation-status')).toContainText('Une invitation ne sert qu’une fois');
      await calmScreenshot(cook, `invitation-used-${w}`);
      await cook.context().close();
    });
  });
}

test('a viewer reads and prints but sees no button that writes, and a direct write answers 403', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await seedOwner(page, baseURL!, uniqueEmail('chef'));
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: baseURL! }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const [recipe] = (await (await page.request.get('/api/recipes')).json()).recipes as [{ id: string }];
  await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
  await post('/api/qr-codes', { name: 'Table 1', menuId: menu.id });

  const viewerEmail = uniqueEmail('paul');
  const link = await inviteByApi(page, baseURL!, viewerEmail, 'viewer');
  const viewer = await newVisitor(browser, LAPTOP);
  await viewer.goto(link);
  await viewer.getByRole('button', { name: 'Créer mon compte' }).click();
  await viewer.getByLabel('Votre nom').fill('Paul');
  await viewer.getByLabel('Mot de passe').fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Créer mon compte' }).click();
  await viewer.getByRole('button', { name: 'Rejoindre l’équipe' }).click();
  await expect(viewer.getByText(`Bienvenue sur le tableau de bord de ${ORGANISATION}.`)).toBeVisible();
  await expect(viewer.getByTestId('organisation-switcher')).toContainText('Lecteur');

  const writes =
    /^(Nouvelle recette|Nouveau menu|Nouvelle section|Ajouter recette|Générer un code QR|Nouvel établissement|Modifier|Supprimer|Activer|Désactiver|Monter .*|Descendre .*|Déplacer .*|Retirer .*|Envoyer l’invitation|Gérer mon abonnement|Passer au Premium|Essai gratuit.*)$/;
  const pages = [
    ['/recipes', 'Mes Recettes', 'viewer-recipes'],
    ['/menus', 'Mes Menus', 'viewer-menus'],
    [`/menus/${menu.id}`, 'Carte du midi', 'viewer-menu-editor'],
    ['/qr-codes', 'Codes QR', 'viewer-qr-codes'],
    ['/etablissements', 'Établissements', 'viewer-establishments'],
    ['/equipe', 'Équipe', 'viewer-team'],
    ['/subscription', 'Mon Abonnement', 'viewer-subscription'],
  ] as const;
  for (const [path, heading, name] of pages) {
    await viewer.goto(path);
    await expect(viewer.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(viewer.locator('main').getByRole('button', { name: writes }), path).toHaveCount(0);
    await calmScreenshot(viewer, `${name}-1280`);
  }
  // What a viewer does: read the content, print.
  await viewer.goto('/recipes');
  await expect(viewer.getByRole('link', { name: 'Fiche technique' })).toBeVisible();
  await viewer.goto('/menus');
  await expect(viewer.getByRole('link', { name: 'Voir le contenu' })).toBeVisible();
  await viewer.goto('/qr-codes');
  await expect(viewer.getByRole('button', { name: 'Télécharger' })).toBeVisible();
  await viewer.getByTestId('qr-card').getByRole('button', { name: 'Actions' }).click();
  await expect(viewer.getByRole('menuitem', { name: 'Carte de table' })).toBeVisible();
  // A viewer's menu has no write action.
  await expect(viewer.getByRole('menuitem', { name: 'Supprimer' })).toHaveCount(0);
  await viewer.keyboard.press('Escape');
  await viewer.goto('/subscription');
  await expect(viewer.getByText('Seul un propriétaire peut gérer l’abonnement.')).toBeVisible();
  // « Historique » is not in the viewer's organisation menu.
  await viewer.getByTestId('organisation-switcher').click();
  await expect(viewer.getByRole('menuitem', { name: 'Équipe' })).toBeVisible();
  await expect(viewer.getByRole('menuitem', { name: 'Historique' })).toHaveCount(0);
  await viewer.keyboard.press('Escape');
  // The server refuses what the page does not offer.
  const refused = await viewer.request.put(`/api/recipes/${recipe.id}`, {
    headers: { Origin: baseURL! },
    data: {
      name: 'Quiche',
      servings: 6,
      ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
      allergens: [],
      allergensDeclared: true,
    },
  });
  expect(refused.status()).toBe(403);
  await viewer.context().close();
});

test('a free owner is shown the way to Premium instead of the invitation form', async ({ page }) => {
  await signUp(page, uniqueEmail('solo'), 'Le Petit Bouchon');
  await page.goto('/equipe');
  const notice = page.getByTestId('invitations-premium');
  await expect(notice).toContainText('Invitations réservées au plan Premium.');
  await expect(page.getByRole('form', { name: 'Inviter un membre' })).toHaveCount(0);
  // Alone in the organisation: no « Quitter l’organisation ».
  await expect(page.getByRole('button', { name: 'Quitter l’organisation' })).toHaveCount(0);
  await calmScreenshot(page, 'team-free-1280');
  await notice.getByRole('link', { name: 'Passer au Premium' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});
