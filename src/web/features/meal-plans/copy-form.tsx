import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { addDays } from '../../../shared/catering/catering.ts';
import { useCopyPlan } from './api.ts';

const LENGTHS = [
  { days: 1, label: 'Un jour' },
  { days: 7, label: 'Une semaine' },
  { days: 28, label: 'Un cycle de quatre semaines' },
] as const;

/** Copies a day, a week or a four-week cycle to later dates, repeated as many times as asked. */
export function CopyForm({ establishmentId, monday }: { establishmentId: string; monday: string }) {
  const id = useId();
  const copy = useCopyPlan(establishmentId);
  const [days, setDays] = useState<1 | 7 | 28>(7);
  const [from, setFrom] = useState(monday);
  const [to, setTo] = useState(addDays(monday, 7));
  const [times, setTimes] = useState(1);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    copy.mutate(
      { from, days, to, times },
      {
        onSuccess: (result) =>
          toast.success(
            result.skipped.length
              ? `${result.copied} plats copiés, jours sans service sautés : ${result.skipped.length}`
              : `${result.copied} plats copiés`,
          ),
        onError: (e) =>
          setError(
            e instanceof ApiError && e.status < 500 && e.status > 0
              ? (Object.values(e.fields)[0] ?? e.message)
              : 'Erreur lors de la copie',
          ),
      },
    );
  };
  const field = 'mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm';
  return (
    <TitledCard title="Copier vers des dates suivantes">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={submit}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <label className="text-sm font-medium text-stone-800">
          Quoi
          <select className={field} value={days} onChange={(e) => setDays(Number(e.target.value) as 1 | 7 | 28)}>
            {LENGTHS.map((l) => (
              <option key={l.days} value={l.days}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-stone-800">
          À partir du
          <input className={field} type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        </label>
        <label className="text-sm font-medium text-stone-800">
          Vers le
          <input className={field} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        </label>
        <label className="text-sm font-medium text-stone-800">
          Nombre de fois
          <input
            className={field}
            type="number"
            min={1}
            max={13}
            value={times}
            onChange={(e) => setTimes(Number(e.target.value) || 1)}
          />
        </label>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={copy.isPending}>
            Copier
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
