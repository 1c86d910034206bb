import { Suspense } from 'react';
import type { MeResponse } from '../../../shared/api/account.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import type { OrganisationLink } from './organisation-menu.tsx';
import { SwitcherButton } from './switcher-label.tsx';

// The dropdown's code (Radix menu and its positioning) loads after the page has painted: it
// stays out of every signed-in page's first load (bench/js-size.mjs).
const { Component: OrganisationMenu, usePreload } = lazyComponent(
  () => import('./organisation-menu.tsx'),
  (m) => m.OrganisationMenu,
);

/** The header's organisation switcher, from 1024 px (the phone « Menu » has <OrganisationChoice />). */
export function OrganisationSwitcher({ me, links }: { me: MeResponse; links: readonly OrganisationLink[] }) {
  usePreload();
  return (
    <Suspense fallback={<SwitcherButton organisation={me.organisation} disabled />}>
      <OrganisationMenu userId={me.user.id} active={me.organisation} organisations={me.organisations} links={links} />
    </Suspense>
  );
}
