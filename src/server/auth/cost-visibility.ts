import type { Context } from 'hono';
import { can } from '../../shared/permissions.ts';
import type { AppEnv } from '../context.ts';

/**
 * Costs, margins and purchase prices are the owner's figures (docs/product/api.md « Kitchen »):
 * a role without `costs:read` (src/shared/permissions.ts: viewer, service) reads recipes and
 * products with them blanked, as if unknown. The routes call it on what they answer.
 */
export const seesCosts = (c: Context<AppEnv>): boolean => can(c.var.org.role, 'costs:read');

type CostFacts = {
  costPerServing: number | null;
  foodCostPercent: number | null;
  coefficient: number | null;
  costMissing: string[];
};

/** A recipe (or a « Coûts » row) without its cost figures. */
export const withoutCosts = <T extends CostFacts>(recipe: T): T => ({
  ...recipe,
  costPerServing: null,
  foodCostPercent: null,
  coefficient: null,
  costMissing: [],
});

/** A product without its purchase price. */
export const withoutPrice = <T extends { price: unknown }>(product: T): T => ({ ...product, price: null });
