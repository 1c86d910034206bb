import { useState } from 'react';
import { Link } from 'react-router';
import { AlertDialog, DropdownMenu } from 'radix-ui';
import type { QrCode } from '../../../shared/api/qr.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ActionsButton } from './actions-button.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-control px-2 py-2 text-sm text-stone-800 data-[highlighted]:bg-stone-100 data-[disabled]:opacity-60';

export interface QrWriteActions {
  onToggle: () => void;
  onDelete: () => void;
  toggling: boolean;
}

/**
 * Every action of a QR card but « Télécharger » in one Radix menu (six buttons
 * became one menu, docs/decisions/0024): see the menu, print the table card, the statistics, and for the roles that
 * may write, (de)activate and delete (after a confirmation, opened from the menu).
 */
export function QrCardActions({
  code,
  statsOpen,
  onStatsChange,
  write,
}: {
  code: QrCode;
  statsOpen: boolean;
  onStatsChange: (open: boolean) => void;
  write: QrWriteActions | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const active = code.status === 'active';
  // Not modal and not in a portal: the page stays in the accessibility tree while the menu is
  // open, and the menu sits in its landmark (RGAA 12.6, docs/decisions/0047-rgaa-signed-in-space.md).
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <ActionsButton aria-label={`Actions du code ${code.name}`} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 w-56 rounded-card border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={code.qrData} target="_blank" rel="noopener">
              Voir le menu
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={`/qr-codes/${code.id}/carte`}>Carte de table</Link>
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem checked={statsOpen} onCheckedChange={onStatsChange} className={itemClass}>
            Statistiques
            <DropdownMenu.ItemIndicator className="ml-auto text-brand-700" aria-hidden="true">
              ✓
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.CheckboxItem>
          {write && (
            <>
              <DropdownMenu.Separator className="my-1.5 h-px bg-stone-200" />
              <DropdownMenu.Item className={itemClass} disabled={write.toggling} onSelect={write.onToggle}>
                {active ? 'Désactiver' : 'Activer'}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={cn(itemClass, 'text-red-700 data-[highlighted]:bg-red-50')}
                onSelect={() => setConfirming(true)}
              >
                Supprimer
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {write && (
        <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-sheet bg-white p-6 text-left shadow-xl">
              <AlertDialog.Title className="text-lg font-semibold">
                Êtes-vous sûr de vouloir supprimer ce code QR ?
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-stone-600">
                Cette action est définitive.
              </AlertDialog.Description>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel className={buttonClass('secondary')}>Annuler</AlertDialog.Cancel>
                <AlertDialog.Action className={buttonClass('destructive')} onClick={write.onDelete}>
                  Supprimer
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </>
  );
}
