import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/** Paper formats of the printable documents, with their on-screen sheet width. */
const PAPER = {
  // On a phone the sheet keeps a small margin: 12 mm each side would leave 270 px of text.
  'A4 portrait': { label: 'A4 portrait', page: 'A4 portrait', margin: '12mm', sheet: 'max-w-[210mm] p-4 sm:p-[12mm]' },
  'A4 landscape': { label: 'A4 paysage', page: 'A4 landscape', margin: '10mm', sheet: 'max-w-[297mm] p-4 sm:p-[10mm]' },
  // Chromium does not know the A6 keyword: its size is given in millimetres.
  // Cut to the card on paper; on screen it grows rather than hide text enlarged by its reader (RGAA 10.4, 10.12).
  A6: {
    label: 'A6',
    page: '105mm 148mm',
    margin: '0',
    sheet: 'flex max-w-[105mm] min-h-[148mm] flex-col [&>*]:flex-1 print:h-[148mm] print:overflow-hidden',
  },
} as const;
export type PaperFormat = keyof typeof PAPER;

/**
 * A document to print (no app layout): a toolbar that the printer never sees, then the
 * sheet, drawn on screen at its paper width. `@page` sets the paper; colours are printed
 * as shown (Nutri-Score, QR code). `title` names the PDF a browser saves.
 */
export function PrintDocument({
  paper,
  title,
  back,
  children,
  notice,
  className,
}: {
  paper: PaperFormat;
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
  /** Shown above the sheet on screen, never printed. */
  notice?: ReactNode;
  className?: string;
}) {
  const format = PAPER[paper];
  return (
    <div className="min-h-screen bg-stone-100 text-stone-900 print:min-h-0 print:bg-white">
      {/* The page's title (RGAA 8.6), and the PDF's name a browser offers. */}
      <title>{title}</title>
      {/* `@page` only: a style in the body may not select `html` or `body` (RGAA 8.2); those print rules are in src/web/styles.css. */}
      <style>{`@page { size: ${format.page}; margin: ${format.margin}; }`}</style>
      <header className="border-b border-stone-200 bg-white print:hidden" data-testid="print-toolbar">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link
            to={back.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <span aria-hidden="true">←</span> {back.label}
          </Link>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-stone-500 sm:inline">Format {format.label}</span>
            <Button onClick={() => window.print()}>Imprimer</Button>
          </div>
        </div>
      </header>
      <main className="px-3 py-6 sm:px-6 sm:py-10 print:p-0">
        {notice && <div className="mx-auto mb-4 max-w-xl print:hidden">{notice}</div>}
        <article
          className={cn(
            'mx-auto w-full bg-white shadow-lg ring-1 ring-stone-200 print:max-w-none print:p-0 print:shadow-none print:ring-0',
            format.sheet,
            className,
          )}
        >
          {children}
        </article>
      </main>
    </div>
  );
}

/** « Recette non trouvée » and the like: the document cannot be shown. */
export function DocumentMessage({
  title,
  text,
  back,
  alert = true,
}: {
  title: string;
  text: string;
  back: { to: string; label: string };
  alert?: boolean;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-10">
      <title>{`${title} – NutriCarte`}</title>
      <div
        className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm"
        role={alert ? 'alert' : undefined}
      >
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-stone-600">{text}</p>
        <Link to={back.to} className={buttonClass('primary', 'md', 'mt-6')}>
          {back.label}
        </Link>
      </div>
    </main>
  );
}

/** The print date, in French: « Imprimé le 12 mai 2025 ». */
export const printDate = () => formatDate(new Date());
