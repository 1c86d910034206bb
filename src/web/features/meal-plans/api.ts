import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CateringTagsAnswer,
  EgalimAnswer,
  GemrcnAnswer,
  MealPlanRange,
  PlannedDay,
  PortionsAnswer,
  PortionsBody,
  ProductionAnswer,
} from '../../../shared/api/meal-plans.ts';
import type { CateringTag, Population, Service, Slot } from '../../../shared/catering/catering.ts';
import { api } from '../../lib/api.ts';

const KEY = ['meal-plans'] as const;

export type PlannedService = PlannedDay['services'][number];

/** The services of a day that have dishes (a service saved then emptied is still listed, for its version). */
export const servicesWithDishes = (day: PlannedDay): PlannedDay['services'] =>
  day.services.filter((s) => s.components.length > 0);
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The plan of [from, to]; with a population, each day's nutrition and cost for one cover of it (the establishment's grammages). */
export function useMealPlan(establishmentId: string, from: string, to: string, population?: Population) {
  return useQuery({
    queryKey: [...KEY, 'range', establishmentId, from, to, population ?? 'portion'],
    queryFn: () =>
      api<MealPlanRange>(`/api/meal-plans?${q({ establishmentId, from, to, ...(population ? { population } : {}) })}`),
    enabled: establishmentId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useGemrcn(establishmentId: string, from: string, population: Population) {
  return useQuery({
    queryKey: [...KEY, 'gemrcn', establishmentId, from, population],
    queryFn: () => api<GemrcnAnswer>(`/api/meal-plans/gemrcn?${q({ establishmentId, from, population })}`),
    enabled: establishmentId !== '',
  });
}

export function useEgalim(establishmentId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...KEY, 'egalim', establishmentId, from, to],
    queryFn: () => api<EgalimAnswer>(`/api/meal-plans/egalim?${q({ establishmentId, from, to })}`),
    enabled: establishmentId !== '',
  });
}

export function useProduction(
  establishmentId: string,
  date: string,
  covers: Record<Population, number>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...KEY, 'production', establishmentId, date, covers],
    queryFn: () => api<ProductionAnswer>(`/api/meal-plans/production?${q({ establishmentId, date, ...covers })}`),
    enabled: enabled && establishmentId !== '',
  });
}

export function usePortions(establishmentId: string) {
  return useQuery({
    queryKey: [...KEY, 'portions', establishmentId],
    queryFn: () => api<PortionsAnswer>(`/api/meal-plans/portions?${q({ establishmentId })}`),
    enabled: establishmentId !== '',
  });
}

export const egalimCsvUrl = (establishmentId: string, year: number) =>
  `/api/meal-plans/egalim.csv?${q({ establishmentId, year })}`;

/** Any change of plan or classification refetches every view of the plan. */
function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useSaveService(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({
      date,
      service,
      components,
      version,
    }: {
      date: string;
      service: Service;
      components: { slot: Slot; recipeId: string }[];
      /** The service's version as read (0: never saved), src/shared/api/versions.ts. */
      version?: number;
    }) =>
      api<PlannedDay>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/${date}/${service}`, {
        method: 'PUT',
        body: { components, version },
      }),
    onSettled: invalidate,
  });
}

/** One service of one day as saved now (a conflict notice compares it with what the card showed). */
export async function fetchService(establishmentId: string, date: string, service: Service): Promise<PlannedService> {
  const range = await api<MealPlanRange>(`/api/meal-plans?${q({ establishmentId, from: date, to: date })}`);
  return range.days[0]?.services.find((s) => s.service === service) ?? { service, version: 0, components: [] };
}

export function useCopyPlan(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: { from: string; days: 1 | 7 | 28; to: string; times: number }) =>
      api<{ copied: number }>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/copy`, { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useCateringTags(recipeId: string) {
  return useQuery({
    queryKey: [...KEY, 'tags', recipeId],
    queryFn: () => api<CateringTagsAnswer>(`/api/recipes/${encodeURIComponent(recipeId)}/catering`),
    enabled: recipeId !== '',
  });
}

export function useSaveCateringTags() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ recipeId, tags }: { recipeId: string; tags: CateringTag[] }) =>
      api<CateringTagsAnswer>(`/api/recipes/${encodeURIComponent(recipeId)}/catering`, {
        method: 'PUT',
        body: { tags },
      }),
    onSettled: invalidate,
  });
}

/** The grammages change every cover: the plan's figures and the production sheet are read again. */
export function useSavePortions(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: PortionsBody) =>
      api<PortionsAnswer>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/portions`, { method: 'PUT', body }),
    onSettled: invalidate,
  });
}

export function usePublishWeek(establishmentId: string) {
  return useMutation({
    mutationFn: (week: string) =>
      api<{ week: string; dishes: number }>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/publish`, {
        method: 'POST',
        body: { week },
      }),
  });
}
