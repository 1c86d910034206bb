import { Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { AccountCard } from './account-card.tsx';

// The dialog (Radix's dialog, the password prompt) opens on demand: its code loads once the page has painted.
const { Component: DeleteAccountDialog, usePreload } = lazyComponent(
  () => import('./delete-account-dialog.tsx'),
  (m) => m.DeleteAccountDialog,
);

/** The danger zone of « Mon compte ». */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  usePreload();
  return (
    <AccountCard
      danger
      title="Supprimer mon compte"
      description="Votre compte et toutes ses données sont effacés : recettes, menus, codes QR et abonnement. Cette action est irréversible."
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Supprimer mon compte
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AccountCard>
  );
}
