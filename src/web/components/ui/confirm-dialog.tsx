import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';

/** Asks before a destructive action (docs/conventions.md 10); the text comes from docs/product/spec.md. */
export function ConfirmDialog({
  trigger,
  title,
  description = 'Cette action est définitive.',
  confirmLabel = 'Supprimer',
  cancelLabel = 'Annuler',
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-left shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('destructive')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
