import type { ReactNode } from 'react';

/** French quotation marks with non-breaking spaces, so « and » never end up alone on a line. */
export function Quoted({ children }: { children: ReactNode }) {
  return (
    <>
      {'«\u00a0'}
      {children}
      {'\u00a0»'}
    </>
  );
}
