/**
 * A page's own title (RGAA 8.6): React puts it first in the head while the page is shown, and
 * the server moves it there when it paints the page (src/server/lib/static.ts). Every route
 * has one (e2e/rgaa.spec.ts « every route has its own title »).
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} – NutriCarte`}</title>;
}
