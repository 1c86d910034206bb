import type { MeResponse } from '../../shared/api/account.ts';

/**
 * Which organisation the app shows, and whether the server still agrees
 * (docs/product/organisations.md « Losing access »). Every API answer names the organisation
 * it was served in (`X-Organisation-Id`); when that is not the one shown and the user did not
 * switch, the app checks /api/me and, if the membership is gone, shows « Vous ne faites plus
 * partie de l’organisation … » instead of the page.
 *
 * A small store outside React: src/web/lib/api.ts feeds it from every answer, the signed-in
 * layout reads it (useSyncExternalStore).
 */
export interface ShownOrganisation {
  userId: string;
  id: string;
  name: string;
}

export type WatchStatus =
  | { kind: 'ok' }
  /** The app is changing organisation itself: no answer is a surprise. */
  | { kind: 'changing' }
  /** An answer came from another organisation: /api/me is being read again. */
  | { kind: 'checking' }
  /** The membership of `lost` is gone; `next` is where the server now serves the account. */
  | { kind: 'lost'; lost: ShownOrganisation; next: ShownOrganisation };

export interface WatchState {
  shown: ShownOrganisation | null;
  status: WatchStatus;
  /** Bumped whenever the app itself changes organisation: answers to older requests are ignored. */
  version: number;
}

export type OrganisationChange = 'adopt' | 'same' | 'switched-elsewhere' | 'lost';

/**
 * What a fresh /api/me means for the organisation shown: a first load or another account
 * (`adopt`), nothing (`same`), a switch made elsewhere, e.g. another tab (`switched-elsewhere`:
 * still a member), or a membership that ended (`lost`).
 */
export function classifyOrganisationChange(shown: ShownOrganisation | null, me: MeResponse): OrganisationChange {
  if (!shown || shown.userId !== me.user.id) return 'adopt';
  if (me.organisation.id === shown.id) return 'same';
  return me.organisations.some((organisation) => organisation.id === shown.id) ? 'switched-elsewhere' : 'lost';
}

/** An answer served in `served` while the app showed what the request's ticket recorded. */
export function signalsChange(state: WatchState, ticket: number, served: string | null): boolean {
  if (!served || !state.shown || ticket !== state.version || state.status.kind !== 'ok') return false;
  return served !== state.shown.id;
}

export const shownFrom = (me: MeResponse): ShownOrganisation => ({
  userId: me.user.id,
  id: me.organisation.id,
  name: me.organisation.name,
});

let state: WatchState = { shown: null, status: { kind: 'ok' }, version: 0 };
const listeners = new Set<() => void>();

function set(next: WatchState) {
  state = next;
  for (const listener of listeners) listener();
}

export const organisationWatch = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Taken when a request leaves; handed back with its answer. */
  ticket: () => state.version,
  /** Called by the API client with the answer's `X-Organisation-Id`. */
  observe(ticket: number, served: string | null) {
    if (signalsChange(state, ticket, served)) set({ ...state, status: { kind: 'checking' } });
  },
  /** The app changes organisation itself (a switch, leaving one, an invitation accepted): until `adopt`, no answer is a surprise. */
  beginChange() {
    set({ ...state, status: { kind: 'changing' }, version: state.version + 1 });
  },
  /** From now on the app shows `shown`; answers to requests sent before are ignored. */
  adopt(shown: ShownOrganisation | null) {
    set({ shown, status: { kind: 'ok' }, version: state.version + 1 });
  },
  markLost(next: ShownOrganisation) {
    if (state.shown) set({ ...state, status: { kind: 'lost', lost: state.shown, next } });
  },
  /** The check found nothing to report. */
  settle() {
    set({ ...state, status: { kind: 'ok' } });
  },
};
