import { defaultQrName, qrMessages } from '../../../shared/api/qr-vocabulary.ts';

export type QrFormField = 'auth' | 'name' | 'menuId';
export type QrFormErrors = Partial<Record<QrFormField, string>>;

/**
 * docs/product/spec.md section 5 « QR generation », in its order: signed in, a non-blank name, a selected
 * menu. `first` is the message of the first broken rule (the toast); `errors` go next to the fields.
 */
export function validateQrForm({ signedIn, name, menuId }: { signedIn: boolean; name: string; menuId: string }): {
  errors: QrFormErrors;
  first: string | null;
} {
  if (!signedIn) return { errors: { auth: qrMessages.mustLogIn }, first: qrMessages.mustLogIn };
  const errors: QrFormErrors = {};
  if (name.trim() === '') errors.name = qrMessages.nameRequired;
  if (menuId === '') errors.menuId = qrMessages.menuRequired;
  return { errors, first: errors.name ?? errors.menuId ?? null };
}

/**
 * Choosing a menu names the code « QR - {menu} » unless the owner typed a name of their own:
 * an empty name, or the default of the previously chosen menu, is replaced.
 */
export function nameForMenu(currentName: string, previousMenuName: string | null, nextMenuName: string | null): string {
  if (nextMenuName === null) return currentName;
  const untouched =
    currentName.trim() === '' || (previousMenuName !== null && currentName === defaultQrName(previousMenuName));
  return untouched ? defaultQrName(nextMenuName) : currentName;
}
