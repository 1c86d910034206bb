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
  it('says who did what to which row', () => {
    expect(historySentence(event({ action: 'allergens_confirmed' }))).toBe('Marie a confirmé les allergènes de Quiche lorraine');
    expect(historySentence(event({ action: 'created' }))).toBe('Marie a créé la recette Quiche lorraine');
    expect(historySentence(event({ action: 'updated', entity: { type: 'menu', id: 'm1', name: 'Carte du midi' } }))).toBe('Marie a modifié le menu Carte du midi');
    expect(historySentence(event({ action: 'deleted', entity: { type: 'qr_code', id: 'q1', name: 'Table 4' } }))).toBe('Marie a supprimé le code QR Table 4');
    expect(historySentence(event({ action: 'created', entity: { type: 'establishment', id: 's1', name: 'Cantine Jules Ferry' } }))).toBe(
      'Marie a créé l’établissement Cantine Jules Ferry',
    );
  });

  it('says a rename with the former name', () => {
    expect(historySentence(event({ action: 'updated', details: { previousName: 'Quiche' } }))).toBe('Marie a renommé la recette Quiche en Quiche lorraine');
    expect(historySentence(event({ action: 'updated', details: { previousName: 'Quiche lorraine' } }))).toBe('Marie a modifié la recette Quiche lorraine');
  });

  it('says a status change as what it did, or names the status when the details do not say', () => {
    expect(historySentence(event({ action: 'status_changed', entity: { type: 'menu', id: 'm1', name: 'Carte du midi' }, details: { from: true, to: false } }))).toBe(
      'Marie a désactivé le menu Carte du midi',
    );
    expect(historySentence(event({ action: 'status_changed', entity: { type: 'qr_code', id: 'q1', name: 'Table 4' }, details: { from: 'inactive', to: 'active' } }))).toBe(
      'Marie a activé le code QR Table 4',
    );
    expect(historySentence(event({ action: 'status_changed', entity: { type: 'menu', id: 'm1', name: 'Carte du midi' } }))).toBe(
      'Marie a changé le statut du menu Carte du midi',
    );
  });

  it('tells the team’s changes with the role in French', () => {
    const member = { type: 'member' as const, id: 'u3', name: 'Paul' };
    expect(historySentence(event({ action: 'invited', entity: { type: 'invitation', id: 'i1', name: 'paul@example.fr' }, details: { role: 'editor' } }))).toBe(
      'Marie a invité paul@example.fr (Éditeur)',
    );
    expect(historySentence(event({ action: 'revoked', entity: { type: 'invitation', id: 'i1', name: 'paul@example.fr' }, details: { role: 'editor' } }))).toBe(
      'Marie a révoqué l’invitation de paul@example.fr',
    );
    expect(historySentence(event({ action: 'joined', actor: { userId: 'u3', name: 'Paul' }, entity: member, details: { role: 'viewer' } }))).toBe(
      'Paul a rejoint l’organisation (Lecteur)',
    );
    expect(historySentence(event({ action: 'role_changed', entity: member, details: { from: 'editor', to: 'owner' } }))).toBe('Marie a changé le rôle de Paul en Propriétaire');
    expect(historySentence(event({ action: 'role_changed', entity: member, details: { to: 'chef' } }))).toBe('Marie a changé le rôle de Paul');
    expect(historySentence(event({ action: 'removed', entity: member, details: { role: 'editor' } }))).toBe('Marie a retiré Paul de l’équipe');
    expect(historySentence(event({ action: 'left', actor: { userId: 'u3', name: 'Paul' }, entity: member, details: { role: 'viewer' } }))).toBe('Paul a quitté l’organisation');
    expect(historySentence(event({ action: 'left', actor: { userId: null, name: 'Paul' }, entity: member, details: { role: 'viewer', accountDeleted: true } }))).toBe(
      'Paul a supprimé son compte et quitté l’organisation',
    );
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
