import type { ReactNode } from 'react';

/** The payment return and demo provider pages have no layout (docs/product/spec.md « Layout »): a centred card. */
export function ReturnPageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-10">
      <div
        className={`w-full ${wide ? 'max-w-xl' : 'max-w-lg'} rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10`}
      >
        {children}
      </div>
    </main>
  );
}
