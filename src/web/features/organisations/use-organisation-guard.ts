import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { classifyOrganisationChange, organisationWatch, shownFrom } from '../../lib/organisation-watch.ts';
import { meQuery, useMe } from '../../lib/queries.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';
import { switchedTo } from './texts.ts';

/**
 * Keeps the organisation shown in step with the server (src/web/lib/organisation-watch.ts):
 * adopts the first one, and when an answer came from another organisation, reads /api/me
 * again to tell a switch made elsewhere (a toast, the app starts over there) from a membership
 * that ended (the layout then shows <AccessLost />). Returns the watch's state.
 */
export function useOrganisationGuard() {
  // The same snapshot on the server: its first paint of the layout (src/web/shell/render-shell.tsx) shows no news.
  const state = useSyncExternalStore(organisationWatch.subscribe, organisationWatch.get, organisationWatch.get);
  const queryClient = useQueryClient();
  const enter = useEnterOrganisation();
  const { data: me } = useMe();

  // A /api/me read for any reason may already tell the news, header or not.
  useEffect(() => {
    const current = organisationWatch.get();
    if (!me || current.status.kind !== 'ok') return;
    const change = classifyOrganisationChange(current.shown, me);
    if (change === 'adopt') organisationWatch.adopt(shownFrom(me));
    else if (change !== 'same') organisationWatch.observe(current.version, me.organisation.id);
  }, [me]);

  const checking = state.status.kind === 'checking';
  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    void queryClient
      .fetchQuery({ ...meQuery, staleTime: 0 })
      .then(async (fresh) => {
        if (cancelled) return;
        const shown = organisationWatch.get().shown;
        if (!fresh) return organisationWatch.adopt(null);
        const change = classifyOrganisationChange(shown, fresh);
        if (change === 'lost') return organisationWatch.markLost(shownFrom(fresh));
        organisationWatch.adopt(shownFrom(fresh));
        // Another account signed in from another tab: nothing cached belongs to it.
        if (change === 'adopt' && shown) await enter();
        if (change === 'switched-elsewhere') {
          await enter();
          toast.info(switchedTo(fresh.organisation.name));
        }
      })
      .catch(() => {
        // No answer to check against: the next answer of another organisation asks again.
        if (!cancelled) organisationWatch.settle();
      });
    return () => {
      cancelled = true;
    };
  }, [checking, queryClient, enter]);

  return state;
}
