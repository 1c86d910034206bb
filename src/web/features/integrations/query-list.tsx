import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/card.tsx';

/** A list's loading, error and empty states (docs/conventions.md 10), then the list itself. */
export function QueryList<T>({
  query,
  label,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  label: string;
  loading: string;
  failed: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
        {failed}
      </p>
    );
  if (query.data.length === 0) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-200" aria-label={label}>
      {query.data.map(children)}
    </ul>
  );
}
