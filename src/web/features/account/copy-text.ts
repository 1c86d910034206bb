import { toast } from '../../lib/toast.ts';

/** Copies to the clipboard, with a toast either way (the clipboard needs a secure context). */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error('La copie a échoué : sélectionnez le texte et copiez-le vous-même.');
  }
}
