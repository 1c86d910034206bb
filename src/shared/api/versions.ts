import { lazy } from '../lazy.ts';

/**
 * Versions and conflicts (docs/product/api.md « Versions and conflicts »,
 * docs/decisions/0034-versions-and-hostile-files.md): every editable resource's JSON carries
 * `version` (1 at creation, +1 per change); a PUT or PATCH may send the version it was read at,
 * in the body or as `If-Match: "<version>"`, and a stale one answers 409 `conflict` with what
 * the server holds now in `error.conflict`. Without a version the write is taken.
 *
 * Without zod: the web app's pages import these texts without the schema library.
 */

/** The highest version a client may name (PostgreSQL's integer). */
const MAX_VERSION = 2_147_483_647;

/** What a 409 `conflict` of a stale version says beside its message. */
export interface VersionConflict {
  /** The version the server holds now: a retry that means to overwrite sends this one. */
  version: number;
  /**
   * When and by whom (their display name; null when unknown) the held version was saved. Both
   * null with version 0: a resource made by its first save (a label, a meal-plan service) that
   * nobody saved yet, while the client named a version of it.
   */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A JSON body's `version`, or null when absent; a reason when it is not a version. */
export function versionInBody(body: unknown): { version: number | null } | { invalid: true } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('version' in body))
    return { version: null };
  const value = (body as { version: unknown }).version;
  if (value === null || value === undefined) return { version: null };
  return isVersion(value) ? { version: value } : { invalid: true };
}

/** `If-Match: "3"` (or `W/"3"`, or `3`); `*` and absent mean « whatever is there ». */
export function versionInIfMatch(header: string | undefined): { version: number | null } | { invalid: true } {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return { version: null };
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  const value = match ? Number(match[1]) : NaN;
  return isVersion(value) ? { version: value } : { invalid: true };
}

/** 0 is allowed: « I saw none yet », for a resource made by its first save (a meal-plan service). */
const isVersion = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_VERSION;

const time = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }),
);
const day = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' }));

/** « 14:32 », or « 14:32 le 3 mars » for another day than `now`'s (Paris time). */
export function changeTime(at: Date, now: Date = new Date()): string {
  const clock = time().format(at);
  return day().format(at) === day().format(now) ? clock : `${clock} le ${day().format(at)}`;
}

export const versionMessages = {
  invalid: 'La version doit être un nombre entier positif.',
  ifMatchInvalid: 'L’en-tête If-Match doit contenir une version entre guillemets, par exemple "3".',
  mismatch: 'La version du corps et celle de l’en-tête If-Match diffèrent.',
  conflict: (name: string | null, time: string) =>
    `Ce contenu a été modifié par ${name ?? 'un autre membre de l’équipe'} à ${time} depuis que vous l’avez ouvert. ` +
    'Rechargez pour voir sa version, ou gardez vos modifications pour les enregistrer par-dessus.',
  neverSaved: (named: number) =>
    `Ce contenu n’a pas encore été enregistré : la version ${named} que vous indiquez n’existe pas. ` +
    'Rechargez pour repartir de zéro, ou gardez vos modifications pour les enregistrer.',
  /** The web app's dialog on a 409 (src/web/components/conflict-dialog.tsx). */
  dialogTitle: 'Modifié pendant que vous travailliez',
  changedBy: (name: string | null, time: string) =>
    `${name ?? 'Un autre membre de l’équipe'} a enregistré une autre version à ${time}.`,
  yourValue: 'Votre saisie',
  theirValue: 'Version enregistrée',
  notSavedYet: 'Ce contenu n’a pas encore été enregistré : la version que votre formulaire indique n’existe pas.',
  noVisibleChange: 'Aucun des champs que vous modifiez n’a changé de valeur.',
  reload: 'Recharger',
  keepMine: 'Garder mes modifications',
  reloaded: 'Version enregistrée rechargée : vos modifications ont été abandonnées.',
} as const;
