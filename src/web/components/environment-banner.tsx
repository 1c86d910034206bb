import { usePublicConfig } from '../lib/queries.ts';

/** docs/product/spec.md: a banner shows the environment name outside production. */
export function EnvironmentBanner() {
  const { data } = usePublicConfig();
  if (!data || data.appEnv === 'production') return null;
  return (
    // A landmark of its own: every text of a page sits in one (axe « region »).
    <aside
      aria-label="Environnement"
      className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950"
      data-testid="env-banner"
    >
      Environnement : {data.appEnv === 'development' ? 'développement' : data.appEnv}
    </aside>
  );
}
