import { useId, useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';

/**
 * The frame shared by the recipe and menu pickers: covers the page, at most 4xl wide and 90vh
 * high, a close button, a search box, and a list that scrolls within 24rem. It is open while
 * mounted; Escape, the close button and a click outside call `onClose`.
 */
export function PickerDialog({
  title,
  description,
  searchLabel,
  placeholder,
  query,
  onQueryChange,
  onClose,
  children,
}: {
  title: string;
  description: string;
  searchLabel: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        {/* Anchored near the top, not centred: the search box stays put while the list shrinks. */}
        <Dialog.Content
          className="fixed left-1/2 top-[5vh] z-50 flex max-h-[90vh] w-[calc(100%-1.5rem)] max-w-4xl -translate-x-1/2 flex-col gap-4 rounded-xl bg-white p-4 shadow-xl sm:p-6"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            searchRef.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold sm:text-xl">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              className="-mr-1 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-xl text-stone-600 hover:bg-stone-100"
              aria-label="Fermer"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div>
            <label htmlFor={searchId} className="sr-only">
              {searchLabel}
            </label>
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              autoComplete="off"
              placeholder={placeholder}
              className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm placeholder:text-stone-400"
              value={query}
              onChange={(event) => onQueryChange(event.target.value)}
            />
          </div>
          <div className="max-h-96 min-h-0 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
