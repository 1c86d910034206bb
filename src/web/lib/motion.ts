/**
 * How the app scrolls the page for the visitor (to a form it opened, to a recipe's step):
 * smoothly, unless the visitor asked their system for less motion, where the page jumps
 * (WCAG 2.3.3; sonner's toasts follow the same setting). e2e runs with reduced motion
 * (docs/decisions/0032-e2e-at-the-browsers-pace.md).
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
