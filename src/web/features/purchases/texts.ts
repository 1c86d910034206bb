import { ApiError } from '../../lib/api.ts';

/** The server's French refusal (4xx), else the page's own words. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;

/** A product's name from a supplier's line: « CREME FRAICHE 35% 1L » → « Creme fraiche 35% 1l » (the owner edits it later). */
export const productName = (description: string) => {
  const lower = description.trim().toLowerCase();
  return (lower.charAt(0).toUpperCase() + lower.slice(1)).slice(0, 200);
};
