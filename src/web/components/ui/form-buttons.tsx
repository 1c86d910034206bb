import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { CancelButton } from '../draft-banner.tsx';

/**
 * A form's submit button and « Annuler » side by side, wrapping on a narrow phone: the row
 * every create or edit form of the app ends with. `pending`: the save is on its way.
 */
export function FormButtons({
  submitLabel,
  pending,
  onCancel,
  size,
  dirty,
}: {
  submitLabel: ReactNode;
  pending: boolean;
  onCancel: () => void;
  size?: ButtonProps['size'];
  /** A long form with a draft (src/web/lib/saved-drafts.ts): « Annuler » asks first when something was typed. */
  dirty?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" size={size} disabled={pending}>
        {submitLabel}
      </Button>
      {dirty === undefined ? (
        <Button size={size} variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
      ) : (
        <CancelButton dirty={dirty} onCancel={onCancel} />
      )}
    </div>
  );
}
