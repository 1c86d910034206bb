import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/api/organisations.ts';
import { historySentence, ofName } from './history-sentence.ts';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  at: '2026-03-12T13:05:00.000Z',
  actor: { userId: 'u2', name: 'Marie' },
  action: 'updated',
  entity: { type: 'recipe', id: 'r1', name: 'Quiche lorraine' },
  details: {},
  ...overrides,
});

describe('historySentence', () => {
  it('says a meal plan change with its meal, a copy with its span, a publication with its week', () => {
    const plan = { type: 'meal_plan' as const, id: 's1', name: 'Cantine Jules Ferry' };
    expect(
      historySentence(event({ entity: plan, details: { date: '2026-09-07', service: 'dejeuner', dishes: 5 } })),
    ).toBe('Marie a modifié le plan de menus de Cantine Jules Ferry (déjeuner du lundi 7 septembre 2026)');
    expect(
      historySentence(event({ entity: plan, details: { date: '2026-09-08', service: 'gouter', dishes: 0 } })),
    ).toBe('Marie a vidé le goûter du mardi 8 septembre 2026 (le plan de menus de Cantine Jules Ferry)');
    expect(
      historySentence(
        event({
          entity: plan,
          details: { copy: { from: '2026-09-07', days: 28, to: '2026-10-05', times: 2 }, copied: 280 },
        }),
      ),
    ).toBe(
      'Marie a copié 28\u00a0jours du plan de menus de Cantine Jules Ferry à partir du 7 septembre 2026 vers le 5 octobre 2026, 2\u00a0fois de suite',
    );
    expect(
      historySentence(
        event({
          action: 'status_changed',
          entity: { ...plan, name: 'École Anatole France' },
          details: { to: 'published', week: '2026-09-07' },
        }),
      ),
    ).toBe('Marie a publié la semaine du 7 septembre 2026 pour les familles (le plan de menus d’École Anatole France)');
    // Details it cannot read: the plain sentence, never a broken one.
    expect(historySentence(event({ entity: plan, details: { date: 'hier', service: 'brunch' } }))).toBe(
      'Marie a modifié le plan de menus Cantine Jules Ferry',
    );
  });

  it('says who did what to which row', () => {
    expect(historySentence(event({ action: 'allergens_confirmed' }))).toBe(
      'Marie a confirmé les allergènes de Quiche lorraine',
    );
    expect(historySentence(event({ action: 'created' }))).toBe('Marie a créé la recette Quiche lorraine');
    expect(
      historySentence(event({ action: 'updated', entity: { type: 'menu', id: 'm1', name: 'Carte du midi' } })),
    ).toBe('Marie a modifié le menu Carte du midi');
    expect(historySentence(event({ action: 'deleted', entity: { type: 'qr_code', id: 'q1', name: 'Table 4' } }))).toBe(
      'Marie a supprimé le code QR Table 4',
    );
    expect(
      historySentence(
        event({ action: 'created', entity: { type: 'establishment', id: 's1', name: 'Cantine Jules Ferry' } }),
      ),
    ).toBe('Marie a créé l’établissement Cantine Jules Ferry');
  });

  it('says a rename with the former name', () => {
    expect(historySentence(event({ action: 'updated', details: { previousName: 'Quiche' } }))).toBe(
      'Marie a renommé la recette Quiche en Quiche lorraine',
    );
    expect(historySentence(event({ action: 'updated', details: { previousName: 'Quiche lorraine' } }))).toBe(
      'Marie a modifié la recette Quiche lorraine',
    );
  });

  it('says a status change as what it did, or names the status when the details do not say', () => {
    expect(
      historySentence(
        event({
          action: 'status_changed',
          entity: { type: 'menu', id: 'm1', name: 'Carte du midi' },
          details: { from: true, to: false },
        }),
      ),
    ).toBe('Marie a désactivé le menu Carte du midi');
    expect(
      historySentence(
        event({
          action: 'status_changed',
          entity: { type: 'qr_code', id: 'q1', name: 'Table 4' },
          details: { from: 'inactive', to: 'active' },
        }),
      ),
    ).toBe('Marie a activé le code QR Table 4');
    expect(
      historySentence(event({ action: 'status_changed', entity: { type: 'menu', id: 'm1', name: 'Carte du midi' } })),
    ).toBe('Marie a changé le statut du menu Carte du midi');
  });

  it('tells the team’s changes with the role in French', () => {
    const member = { type: 'member' as const, id: 'u3', name: 'Paul' };
    expect(
      historySentence(
        event({
          action: 'invited',
          entity: { type: 'invitation', id: 'i1', name: 'paul@example.fr' },
          details: { role: 'editor' },
        }),
      ),
    ).toBe('Marie a invité paul@example.fr (Éditeur)');
    expect(
      historySentence(
        event({
          action: 'revoked',
          entity: { type: 'invitation', id: 'i1', name: 'paul@example.fr' },
          details: { role: 'editor' },
        }),
      ),
    ).toBe('Marie a révoqué l’invitation de paul@example.fr');
    expect(
      historySentence(
        event({ action: 'joined', actor: { userId: 'u3', name: 'Paul' }, entity: member, details: { role: 'viewer' } }),
      ),
    ).toBe('Paul a rejoint l’organisation (Lecteur)');
    expect(
      historySentence(event({ action: 'role_changed', entity: member, details: { from: 'editor', to: 'owner' } })),
    ).toBe('Marie a changé le rôle de Paul en Propriétaire');
    expect(historySentence(event({ action: 'role_changed', entity: member, details: { to: 'chef' } }))).toBe(
      'Marie a changé le rôle de Paul',
    );
    expect(historySentence(event({ action: 'removed', entity: member, details: { role: 'editor' } }))).toBe(
      'Marie a retiré Paul de l’équipe',
    );
    expect(
      historySentence(
        event({ action: 'left', actor: { userId: 'u3', name: 'Paul' }, entity: member, details: { role: 'viewer' } }),
      ),
    ).toBe('Paul a quitté l’organisation');
    expect(
      historySentence(
        event({
          action: 'left',
          actor: { userId: null, name: 'Paul' },
          entity: member,
          details: { role: 'viewer', accountDeleted: true },
        }),
      ),
    ).toBe('Paul a supprimé son compte et quitté l’organisation');
  });
});

describe('ofName', () => {
  it('elides « de » before a vowel', () => {
    expect(ofName('Omelette')).toBe('d’Omelette');
    expect(ofName('œufs mimosa')).toBe('d’œufs mimosa');
    expect(ofName('Éclair au café')).toBe('d’Éclair au café');
    expect(ofName('Quiche lorraine')).toBe('de Quiche lorraine');
  });
});
