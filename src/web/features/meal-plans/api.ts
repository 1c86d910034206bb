import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarAnswer,
  CateringTagsAnswer,
  ClosedDay,
  DietsAnswer,
  EgalimAnswer,
  MaCantineAnswer,
  OrdersAnswer,
  WeekState,
  GemrcnAnswer,
  MealPlanRange,
  PlannedDay,
  PortionsAnswer,
  PortionsBody,
  ProductionAnswer,
} from '../../../shared/api/meal-plans.ts';
import type { CateringTag, Population, Service, Slot } from '../../../shared/catering/catering.ts';
import type { DietCounts, Variant } from '../../../shared/catering/diets.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type PlannedService = PlannedDay['services'][number];

/** The services of a day that have dishes (a service saved then emptied is still listed, for its version). */
export const servicesWithDishes = (day: PlannedDay): PlannedDay['services'] =>
  day.services.filter((s) => s.components.length > 0);
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The plan of [from, to]; with a population, each day's nutrition and cost for one cover of it (the establishment's grammages). */
export function useMealPlan(establishmentId: string, from: string, to: string, population?: Population) {
  return useQuery({
    queryKey: queryKeys.mealPlans.range(establishmentId, from, to, population ?? 'portion'),
    queryFn: ({ signal }) =>
      api<MealPlanRange>(`/api/meal-plans?${q({ establishmentId, from, to, ...(population ? { population } : {}) })}`, {
        signal,
      }),
    enabled: establishmentId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useGemrcn(establishmentId: string, from: string, population: Population) {
  return useQuery({
    queryKey: queryKeys.mealPlans.gemrcn(establishmentId, from, population),
    queryFn: ({ signal }) =>
      api<GemrcnAnswer>(`/api/meal-plans/gemrcn?${q({ establishmentId, from, population })}`, { signal }),
    enabled: establishmentId !== '',
  });
}

export function useEgalim(establishmentId: string, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.egalim(establishmentId, from, to),
    queryFn: ({ signal }) =>
      api<EgalimAnswer>(`/api/meal-plans/egalim?${q({ establishmentId, from, to })}`, { signal }),
    enabled: establishmentId !== '',
  });
}

/** The day's sheet: the establishment's covers, or the ones typed (`covers` null: the establishment's). */
export function useProduction(establishmentId: string, date: string, covers: Record<Population, number> | null) {
  return useQuery({
    queryKey: queryKeys.mealPlans.production(establishmentId, date, covers),
    queryFn: ({ signal }) =>
      api<ProductionAnswer>(`/api/meal-plans/production?${q({ establishmentId, date, ...(covers ?? {}) })}`, {
        signal,
      }),
    enabled: establishmentId !== '' && date !== '',
  });
}

export function useOrders(establishmentId: string, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.orders(establishmentId, from, to),
    queryFn: ({ signal }) =>
      api<OrdersAnswer>(`/api/meal-plans/orders?${q({ establishmentId, from, to })}`, { signal }),
    enabled: establishmentId !== '' && from !== '' && to >= from,
  });
}
export const ordersFileUrl = (establishmentId: string, from: string, to: string, format: 'csv' | 'xlsx') =>
  `/api/meal-plans/orders?${q({ establishmentId, from, to, format })}`;

export function useCalendar(establishmentId: string, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.calendar(establishmentId, from, to),
    queryFn: ({ signal }) =>
      api<CalendarAnswer>(`/api/meal-plans/calendar?${q({ establishmentId, from, to })}`, { signal }),
    enabled: establishmentId !== '',
  });
}

export function useDiets(establishmentId: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.diets(establishmentId),
    queryFn: ({ signal }) => api<DietsAnswer>(`/api/meal-plans/diets?${q({ establishmentId })}`, { signal }),
    enabled: establishmentId !== '',
  });
}

export function useSaveDiets(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: { counts: DietCounts; version: number }) =>
      api<DietsAnswer>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/diets`, { method: 'PUT', body }),
    onSettled: invalidate,
  });
}

export function useMaCantine(establishmentId: string, year: number) {
  return useQuery({
    queryKey: queryKeys.mealPlans.maCantine(establishmentId, year),
    queryFn: ({ signal }) =>
      api<MaCantineAnswer>(`/api/meal-plans/ma-cantine?${q({ establishmentId, year })}`, { signal }),
    enabled: establishmentId !== '',
  });
}
export const maCantineCsvUrl = (establishmentId: string, year: number, form: 'simple' | 'detaille') =>
  `/api/meal-plans/ma-cantine.csv?${q({ establishmentId, year, form })}`;

export function useAddClosedDay(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: { date: string; label: string }) =>
      api<ClosedDay>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/closed-days`, { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useDeleteClosedDay(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/closed-days/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSettled: invalidate,
  });
}

/** An .ics file, sent as it is. */
export function useImportIcs(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async (file: File) => {
      const res = await fetch(`/api/meal-plans/${encodeURIComponent(establishmentId)}/closed-days/ics`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/calendar' },
        body: await file.text(),
        credentials: 'same-origin',
      });
      const body = (await res.json()) as
        { imported: number; skipped: number; alreadyClosed: number } | { error: { message: string } };
      if (!res.ok || 'error' in body) throw new Error('error' in body ? body.error.message : 'Erreur');
      return body;
    },
    onSettled: invalidate,
  });
}

export function usePortions(establishmentId: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.portions(establishmentId),
    queryFn: ({ signal }) => api<PortionsAnswer>(`/api/meal-plans/portions?${q({ establishmentId })}`, { signal }),
    enabled: establishmentId !== '',
  });
}

/** Any change of plan or classification refetches every view of the plan. */
function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.all });
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
      components: { slot: Slot; recipeId: string; substitutes?: { variant: Variant; recipeId: string }[] }[];
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
      api<{ copied: number; skipped: { date: string; label: string }[] }>(
        `/api/meal-plans/${encodeURIComponent(establishmentId)}/copy`,
        { method: 'POST', body },
      ),
    onSettled: invalidate,
  });
}

export function useCateringTags(recipeId: string) {
  return useQuery({
    queryKey: queryKeys.mealPlans.cateringTags(recipeId),
    queryFn: ({ signal }) =>
      api<CateringTagsAnswer>(`/api/recipes/${encodeURIComponent(recipeId)}/catering`, { signal }),
    enabled: recipeId !== '',
  });
}

export function useSaveCateringTags() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    // The version the form read (useCateringTags): a save over someone else's answers 409.
    mutationFn: ({
      recipeId,
      ...body
    }: {
      recipeId: string;
      tags: CateringTag[];
      excluded: CateringTag[];
      seasonal: boolean;
      version?: number;
    }) => api<CateringTagsAnswer>(`/api/recipes/${encodeURIComponent(recipeId)}/catering`, { method: 'PUT', body }),
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

/** Publish, validate (a dietitian) or take back a week; the version sent back makes a stale click a 409. */
export function useWeekAction(establishmentId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({
      action,
      week,
      version,
    }: {
      action: 'publish' | 'validate' | 'unpublish';
      week: string;
      version: number;
    }) =>
      api<WeekState & { dishes: number }>(`/api/meal-plans/${encodeURIComponent(establishmentId)}/${action}`, {
        method: 'POST',
        body: { week, version },
      }),
    onSettled: invalidate,
  });
}
