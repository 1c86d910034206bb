/** What went wrong with a whole form (a field's own error sits under the field). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
      {message}
    </p>
  );
}

/** What a form did that the owner should know about (a link sent, a change waiting for confirmation). */
export function FormNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
      {children}
    </p>
  );
}
