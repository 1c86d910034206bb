import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ItemUpdateInput,
  Menu,
  MenuCreateInput,
  MenuItem,
  MenuSection,
  MenuUpdateInput,
  SectionUpdateInput,
} from '../../../shared/api/menus.ts';
import type { PhotoUploadResult } from '../../../shared/api/photos.ts';
import { api, apiUpload } from '../../lib/api.ts';
import type { MutationFeedback } from '../../lib/mutation-feedback.ts';
import { meQueryKey } from '../../lib/queries.ts';
import type { Versioned } from '../../lib/versions.ts';
import { applyMove } from './apply-move.ts';
import type { MoveTarget } from './move-target.ts';

export type { MoveTarget } from './move-target.ts';

export const menusQueryKey = ['menus'] as const;
export const menuQueryKey = (id: string) => ['menus', id] as const;
export const sectionsQueryKey = (menuId: string) => ['menus', menuId, 'sections'] as const;

/** GET /api/menus: usable with `useQuery` and with `queryClient.prefetchQuery` (src/web/pages/dashboard/prefetch.ts). */
export const menusQuery = queryOptions({
  queryKey: menusQueryKey,
  queryFn: async () => (await api<{ menus: Menu[] }>('/api/menus')).menus,
});

/** GET /api/menus/:id/sections, the same way. */
export const sectionsQuery = (menuId: string) =>
  queryOptions({
    queryKey: sectionsQueryKey(menuId),
    queryFn: async () =>
      (await api<{ sections: MenuSection[] }>(`/api/menus/${encodeURIComponent(menuId)}/sections`)).sections,
  });

/** `staleTime`: an answer this young is not fetched again on mount (a page whose data was prefetched). */
export function useMenus({ staleTime }: { staleTime?: number } = {}) {
  return useQuery({ ...menusQuery, staleTime });
}

export function useMenu(id: string) {
  return useQuery({
    queryKey: menuQueryKey(id),
    queryFn: () => api<Menu>(`/api/menus/${encodeURIComponent(id)}`),
    enabled: id !== '',
  });
}

export function useMenuSections(menuId: string) {
  return useQuery({ ...sectionsQuery(menuId), enabled: menuId !== '' });
}

/** Creating or deleting a menu changes the usage counters too (docs/product/spec.md: usage refetched). */
function useInvalidateMenus(withUsage: boolean) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: menusQueryKey }),
      withUsage ? queryClient.invalidateQueries({ queryKey: meQueryKey }) : undefined,
    ]);
}

export function useSaveMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Versioned<MenuCreateInput & MenuUpdateInput> }) =>
      id
        ? api<Menu>(`/api/menus/${id}`, { method: 'PUT', body: input })
        : api<Menu>('/api/menus', { method: 'POST', body: input }),
    // A refused creation (plan limit) also refreshes the counters, so the button turns disabled.
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: menusQueryKey }),
        id ? undefined : queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}

export function useSetMenuActive() {
  const invalidate = useInvalidateMenus(false);
  return useMutation({
    mutationFn: ({ id, isActive, version }: { id: string; isActive: boolean; version?: number }) =>
      api<Menu>(`/api/menus/${id}`, { method: 'PATCH', body: { isActive, version } }),
    onSettled: invalidate,
  });
}

/** The saved menu now (a conflict notice compares it with what the form opened). */
export const fetchMenu = (id: string) => api<Menu>(`/api/menus/${encodeURIComponent(id)}`);

/** A section or an item of the menu as saved now (sections and items have no GET of their own). */
export async function fetchSection(menuId: string, sectionId: string): Promise<MenuSection> {
  const sections = (await api<{ sections: MenuSection[] }>(`/api/menus/${encodeURIComponent(menuId)}/sections`))
    .sections;
  const found = sections.find((s) => s.id === sectionId);
  if (!found) throw new Error('gone');
  return found;
}
export async function fetchItem(menuId: string, itemId: string): Promise<MenuItem> {
  const sections = (await api<{ sections: MenuSection[] }>(`/api/menus/${encodeURIComponent(menuId)}/sections`))
    .sections;
  const found = sections.flatMap((s) => s.items).find((i) => i.id === itemId);
  if (!found) throw new Error('gone');
  return found;
}

export function useDeleteMenu() {
  const invalidate = useInvalidateMenus(true);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/menus/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** Every change to a menu's content refetches its sections (the server owns the order). */
function useContentMutation<TVariables, TResult>(
  menuId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  feedback?: MutationFeedback<TVariables, TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: feedback?.onSuccess,
    onError: feedback?.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sectionsQueryKey(menuId) }),
  });
}

export function useCreateSection(menuId: string) {
  return useContentMutation(menuId, () =>
    api<MenuSection>(`/api/menus/${menuId}/sections`, { method: 'POST', body: {} }),
  );
}

export function useUpdateSection(menuId: string) {
  return useContentMutation(menuId, ({ id, input }: { id: string; input: Versioned<SectionUpdateInput> }) =>
    api<MenuSection>(`/api/sections/${id}`, { method: 'PUT', body: input }),
  );
}

/** The deleted section's card is gone once the sections are refetched: its toast comes through `feedback`. */
export function useDeleteSection(menuId: string, feedback: MutationFeedback<string, void>) {
  return useContentMutation(menuId, (id: string) => api<void>(`/api/sections/${id}`, { method: 'DELETE' }), feedback);
}

export function useAddItem(menuId: string) {
  return useContentMutation(menuId, ({ sectionId, recipeId }: { sectionId: string; recipeId: string }) =>
    api<MenuItem>(`/api/sections/${sectionId}/items`, { method: 'POST', body: { recipeId } }),
  );
}

/** An item without a recipe (POST /api/sections/:id/items with `{name, price, …}`). */
export function useAddOwnItem(menuId: string) {
  return useContentMutation(menuId, ({ sectionId, input }: { sectionId: string; input: OwnItemInput }) =>
    api<MenuItem>(`/api/sections/${sectionId}/items`, { method: 'POST', body: input }),
  );
}

export interface OwnItemInput {
  name: string;
  price: number;
  description: string;
  allergens: string[];
  dietaryInfo: string[];
  allergensDeclared: boolean;
}

export function useUpdateItem(menuId: string) {
  return useContentMutation(menuId, ({ id, input }: { id: string; input: Versioned<ItemUpdateInput> }) =>
    api<MenuItem>(`/api/items/${id}`, { method: 'PUT', body: input }),
  );
}

/** « Épuisé » and back in one tap (issue 18); open public pages update live. */
export function useSetItemSoldOut(menuId: string) {
  return useContentMutation(menuId, ({ id, soldOut, version }: { id: string; soldOut: boolean; version?: number }) =>
    api<MenuItem>(`/api/items/${id}/sold-out`, { method: 'PUT', body: { soldOut, version } }),
  );
}

/** The deleted item's row is gone once the sections are refetched: its toast comes through `feedback`. */
export function useDeleteItem(menuId: string, feedback: MutationFeedback<string, void>) {
  return useContentMutation(menuId, (id: string) => api<void>(`/api/items/${id}`, { method: 'DELETE' }), feedback);
}

/** Sends an item's own photo (`file`), or removes it (`null`). */
export function useItemPhoto(menuId: string) {
  return useContentMutation(
    menuId,
    ({ itemId, file }: { itemId: string; file: File | null }): Promise<PhotoUploadResult | undefined> =>
      file
        ? apiUpload<PhotoUploadResult>(`/api/items/${itemId}/photo`, file)
        : api<undefined>(`/api/items/${itemId}/photo`, { method: 'DELETE' }),
  );
}

/**
 * « Monter » / « Descendre » and drag and drop: the list moves at once (optimistic), then the
 * server's answer, the menu's whole ordered content, replaces it; on failure the old order
 * returns (the caller shows the toast).
 */
export function useMoveContent(menuId: string) {
  const queryClient = useQueryClient();
  const key = sectionsQueryKey(menuId);
  return useMutation({
    mutationFn: (target: MoveTarget) =>
      api<{ sections: MenuSection[] }>(`/api/${target.kind === 'section' ? 'sections' : 'items'}/${target.id}/move`, {
        method: 'POST',
        body:
          target.kind === 'item' && target.toSectionId
            ? { position: target.position, sectionId: target.toSectionId }
            : { position: target.position },
      }),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MenuSection[]>(key);
      if (previous) queryClient.setQueryData<MenuSection[]>(key, applyMove(previous, target));
      return { previous };
    },
    onSuccess: ({ sections }) => queryClient.setQueryData<MenuSection[]>(key, sections),
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData<MenuSection[]>(key, context.previous);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
