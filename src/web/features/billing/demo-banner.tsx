/**
 * docs/product/decisions.md 4: the demo provider's pages say loudly that nothing is really paid.
 * It is the page's banner landmark, so no content stands outside a landmark (RGAA 12.6).
 */
export function DemoBanner() {
  return (
    <header>
      <p
        role="note"
        className="bg-amber-400 px-4 py-3 text-center text-base font-bold text-amber-950"
        data-testid="demo-banner"
      >
        Mode démonstration – aucun paiement réel
      </p>
    </header>
  );
}
