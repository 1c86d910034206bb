import { useEffect } from 'react';
import { toast } from './toast.ts';
import { genericMessages } from '../../shared/messages/generic.ts';

/**
 * The error toast of a form (« Erreur de validation », a missing ingredient, …): one per form,
 * by its sonner id, so a second failure replaces the first instead of piling up, and it leaves
 * as soon as the form has no error left: a stale toast never contradicts a fixed field.
 */
const toastId = (form: string) => `form-error:${form}`;

export function showFormErrorToast(form: string, title: string, description?: string) {
  toast.error(title, { id: toastId(form), ...(description && description !== title ? { description } : {}) });
}

export const showValidationToast = (form: string, description: string) =>
  showFormErrorToast(form, genericMessages.validationTitle, description);

function dismissFormErrorToast(form: string) {
  toast.dismiss(toastId(form));
}

/** Dismisses the form's error toast when `hasErrors` turns false (the owner fixed the fields). */
export function useFormErrorToastFollows(form: string, hasErrors: boolean) {
  useEffect(() => {
    if (!hasErrors) dismissFormErrorToast(form);
  }, [form, hasErrors]);
}
