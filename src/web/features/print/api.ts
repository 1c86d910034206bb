import { useQuery } from '@tanstack/react-query';
import type { Recipe } from '../../../shared/api/recipes.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** One owned recipe (GET /api/recipes/:id): another owner's answers 404, like a missing one. */
export function useRecipe(id: string) {
  return useQuery({
    queryKey: queryKeys.recipes.one(id),
    queryFn: ({ signal }) => api<Recipe>(`/api/recipes/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    // A printed document must show the recipe as saved now, not a cached copy.
    refetchOnMount: 'always',
  });
}
