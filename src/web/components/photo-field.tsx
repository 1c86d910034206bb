import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MEDIA_TYPES, photoMessages } from '../../shared/api/photos.ts';
import { cn } from '../lib/cn.ts';
import { Button, buttonClass } from './ui/button.tsx';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/** What the browser can tell before sending: the type it reads and the size (the server checks the bytes). */
function photoFileProblem(file: File): string | null {
  if (!(PHOTO_MEDIA_TYPES as readonly string[]).includes(file.type)) return photoMessages.wrongType;
  if (file.size > PHOTO_MAX_BYTES) return photoMessages.tooLarge;
  return null;
}

export interface PhotoFieldProps {
  /** Names the field for screen readers and tests (« Photo de la recette »). */
  label: string;
  /** The photo shown now: a stored copy's URL, or a local preview of a file still to send. */
  src: string | null;
  /** Called with a file that passed the browser's checks. */
  onChoose: (file: File) => void;
  onRemove: () => void;
  busy?: boolean;
  /** The server's or the browser's French message. */
  error?: string | null | undefined;
  hint?: ReactNode;
}

/**
 * « Photo »: choose a JPEG, PNG or WebP (5 MB at most), see it, remove it (asked first).
 * The file input stays a real, focusable input inside its label; errors are announced.
 */
export function PhotoField({ label, src, onChoose, onRemove, busy = false, error, hint }: PhotoFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error ?? null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    setLocalError(problem);
    if (!problem) onChoose(file);
  };
  return (
    <fieldset className="space-y-2" aria-busy={busy}>
      <legend className="text-sm font-medium text-stone-800">Photo</legend>
      <div className="flex flex-wrap items-center gap-3">
        {src ? (
          <img
            src={src}
            alt="Aperçu de la photo"
            className="h-24 w-24 rounded-lg border border-stone-200 object-cover"
            data-testid="photo-preview"
          />
        ) : (
          <div className="flex h-24 w-24 items-center justify-center rounded-lg border border-dashed border-stone-300 text-center text-xs text-stone-500">
            Aucune photo
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            className={cn(
              buttonClass('secondary', 'sm'),
              'cursor-pointer focus-within:outline-2 focus-within:outline-brand-700',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            {src ? 'Changer la photo' : 'Choisir une photo'}
            <input
              id={inputId}
              type="file"
              accept={PHOTO_MEDIA_TYPES.join(',')}
              className="sr-only"
              aria-label={label}
              aria-invalid={shown ? true : undefined}
              aria-describedby={messageId}
              disabled={busy}
              onChange={choose}
            />
          </label>
          {src && (
            <ConfirmDialog
              title="Retirer la photo ?"
              description="Elle ne sera plus affichée sur la carte."
              confirmLabel="Retirer"
              onConfirm={() => {
                setLocalError(null);
                onRemove();
              }}
              trigger={
                <Button size="sm" variant="dangerGhost" disabled={busy}>
                  Retirer la photo
                </Button>
              }
            />
          )}
        </div>
      </div>
      <p
        id={messageId}
        className={shown ? 'text-sm text-red-600' : 'text-xs text-stone-500'}
        role={shown ? 'alert' : undefined}
        aria-live="polite"
      >
        {busy ? 'Envoi de la photo…' : (shown ?? hint ?? 'JPEG, PNG ou WebP, 5 Mo au plus.')}
      </p>
    </fieldset>
  );
}
