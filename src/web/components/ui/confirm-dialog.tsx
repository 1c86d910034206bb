import {
  cloneElement,
  isValidElement,
  Suspense,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';

/**
 * The dialog's Radix code (react-remove-scroll and the focus trap, 14 kB gzip) loads after the
 * page has painted, not with it (docs/decisions/0041-first-load-javascript.md).
 */
const { Component: ConfirmDialogContent, usePreload } = lazyComponent(
  () => import('./confirm-dialog-content.tsx'),
  (m) => m.default,
);

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * Asks before a destructive action (docs/conventions.md 10); the text comes from docs/product/spec.md.
 * `trigger` is one element (a button): a click on it opens the dialog, as Radix's trigger does.
 */
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
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  usePreload();
  if (!isValidElement(trigger)) throw new Error('ConfirmDialog: the trigger must be one element');
  const element = trigger as ReactElement<TriggerProps & Record<string, unknown>>;
  const button = cloneElement(element, {
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    onClick: (event: MouseEvent<HTMLElement>) => {
      element.props.onClick?.(event);
      if (event.defaultPrevented) return;
      setOpener(event.currentTarget);
      setOpen(true);
    },
  });
  return (
    <>
      {button}
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => opener}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            cancelLabel={cancelLabel}
            onConfirm={onConfirm}
          />
        </Suspense>
      )}
    </>
  );
}
