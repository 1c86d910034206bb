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
import { api, apiUpload, ifMatch } from '../../lib/api.ts';
import type { MutationFeedback } from '../../lib/mutation-feedback.ts';
import type { Versioned } from '../../lib/versions.ts';
import { applyMove } from './apply-move.ts';
import type { MoveTarget } from './move-target.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type { MoveTarget } from './move-target.ts';

/** GET /api/menus: usable with `useQuery` and with `queryClient.prefetchQuery` (src/web/pages/dashboard/prefetch.ts). */
export const menusQuery = queryOptions({
  queryKey: queryKeys.menus.all,
  queryFn: async ({ signal }) => (await api<{ menus: Menu[] }>('/api/menus', { signal })).menus,
});

/** GET /api/menus/:id/sections, the same way. */
export const sectionsQuery = (menuId: string) =>
  queryOptions({
    queryKey: queryKeys.menus.sections(menuId),
    queryFn: async ({ signal }) =>
      (await api<{ sections: MenuSection[] }>(`/api/menus/${encodeURIComponent(menuId)}/sections`, { signal }))
        .sections,
  });

/** `staleTime`: an answer this young is not fetched again on mount (a page whose data was prefetched). */
export function useMenus({ staleTime }: { staleTime?: number } = {}) {
  return useQuery({ ...menusQuery, staleTime });
}

export function useMenu(id: string) {
  return useQuery({
    queryKey: queryKeys.menus.one(id),
    queryFn: ({ signal }) => api<Menu>(`/api/menus/${encodeURIComponent(id)}`, { signal }),
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
      queryClient.invalidateQueries({ queryKey: queryKeys.menus.all }),
      withUsage ? queryClient.invalidateQueries({ queryKey: queryKeys.me }) : undefined,
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
        queryClient.invalidateQueries({ queryKey: queryKeys.menus.all }),
        id ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.me }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.menus.sections(menuId) }),
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

/** « Épuisé » and back in one tap (docs/decisions/0020); open public pages update live. */
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
    ({
      itemId,
      file,
      version,
    }: {
      itemId: string;
      file: File | null;
      /** The item's version the form holds: a photo over someone else's save answers 409. */
      version?: number | undefined;
    }): Promise<PhotoUploadResult | undefined> =>
      file
        ? apiUpload<PhotoUploadResult>(`/api/items/${itemId}/photo`, file, version)
        : api<undefined>(`/api/items/${itemId}/photo`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

/**
 * « Monter » / « Descendre » and drag and drop: the list moves at once (optimistic), then the
 * server's answer, the menu's whole ordered content, replaces it; on failure the old order
 * returns (the caller shows the toast).
 */
export function useMoveContent(menuId: string) {
  const queryClient = useQueryClient();
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
      await queryClient.cancelQueries({ queryKey: queryKeys.menus.sections(menuId) });
      const previous = queryClient.getQueryData<MenuSection[]>(queryKeys.menus.sections(menuId));
      if (previous)
        queryClient.setQueryData<MenuSection[]>(queryKeys.menus.sections(menuId), applyMove(previous, target));
      return { previous };
    },
    onSuccess: ({ sections }) => queryClient.setQueryData<MenuSection[]>(queryKeys.menus.sections(menuId), sections),
    onError: (_error, _target, context) => {
      if (context?.previous)
        queryClient.setQueryData<MenuSection[]>(queryKeys.menus.sections(menuId), context.previous);
      return queryClient.invalidateQueries({ queryKey: queryKeys.menus.sections(menuId) });
    },
  });
}
