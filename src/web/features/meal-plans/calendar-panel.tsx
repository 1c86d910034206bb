import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useAddClosedDay, useCalendar, useDeleteClosedDay, useImportIcs } from './api.ts';
import { dayLabel } from './dates.ts';

const field = 'mt-0.5 block h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base sm:text-sm';

/**
 * « Jours fermés »: public holidays and the zone's school holidays come by themselves (their
 * source is named); the establishment adds its own days, typed or from an .ics file (a school
 * year not shipped, a bridge, a local day).
 */
export function CalendarPanel({
  establishmentId,
  from,
  to,
  canWrite,
}: {
  establishmentId: string;
  from: string;
  to: string;
  canWrite: boolean;
}) {
  const calendar = useCalendar(establishmentId, from, to);
  const add = useAddClosedDay(establishmentId);
  const remove = useDeleteClosedDay(establishmentId);
  const importIcs = useImportIcs(establishmentId);
  const icsId = useId();
  const [date, setDate] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { date, label },
      {
        onSuccess: () => (setDate(''), setLabel(''), toast.success('Jour fermé ajouté')),
        onError: (err) =>
          setError(
            err instanceof ApiError && err.status < 500 ? (Object.values(err.fields)[0] ?? err.message) : 'Erreur',
          ),
      },
    );
  };
  return (
    <TitledCard
      title="Jours fermés"
      description="Jours fériés et vacances scolaires de la zone sont comptés d’eux-mêmes. Ajoutez vos propres jours, ou importez un calendrier .ics."
    >
      {calendar.data && calendar.data.unknownSchoolYears.length > 0 && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="holidays-unknown"
        >
          Vacances scolaires inconnues pour {calendar.data.unknownSchoolYears.join(', ')}&nbsp;: NutriCarte ne les
          connaît pas pour votre zone, ces jours-là comptent comme des jours de classe. Importez le fichier .ics de
          votre zone publié par le ministère, ou ajoutez vos jours fermés.
        </p>
      )}
      {calendar.data && (
        <p className="text-xs text-stone-500" data-testid="holidays-source">
          Vacances scolaires des zones A, B et C connues pour {calendar.data.schoolHolidays.schoolYears.join(', ')}{' '}
          (calendrier du ministère de l’Éducation nationale, relevé le{' '}
          {formatDate(`${calendar.data.schoolHolidays.retrieved}T12:00:00Z`)}). Pour une autre année, la Corse ou
          l’outre-mer, importez le fichier .ics de votre zone publié par le ministère.
        </p>
      )}
      <ul className="divide-y divide-stone-100 text-sm" aria-label="Jours fermés de la période">
        {calendar.data?.closedDays.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-2 py-1">
            <span>
              <span className="inline-block first-letter:uppercase">{dayLabel(d.date)}</span> {d.date.slice(0, 4)}
              &nbsp;: {d.label}
              {d.source === 'ics' ? ' (importé)' : ''}
            </span>
            {canWrite && (
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(d.id)} aria-label={`Rouvrir le ${d.date}`}>
                Rouvrir
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <>
          <form className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end" onSubmit={submit}>
            <label className="text-sm font-medium text-stone-800">
              Jour
              <input className={field} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
            </label>
            <label className="text-sm font-medium text-stone-800">
              Motif
              <input
                className={field}
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                placeholder="Journée pédagogique"
                required
              />
            </label>
            <Button type="submit" size="sm" disabled={add.isPending}>
              Fermer ce jour
            </Button>
          </form>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {/* The browser's own file button speaks its language (« Choose File »): a French label stands for it. */}
          <div>
            <input
              id={icsId}
              className="peer sr-only"
              type="file"
              accept=".ics,text/calendar"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (!file) return;
                importIcs.mutate(file, {
                  onSuccess: (r) =>
                    toast.success(
                      `${r.imported} jours fermés importés${r.alreadyClosed ? `, ${r.alreadyClosed} déjà fermés` : ''}${r.skipped ? `, ${r.skipped} événements ignorés` : ''}`,
                    ),
                  onError: (err) => toast.error(err.message),
                });
                e.currentTarget.value = '';
              }}
            />
            <label
              htmlFor={icsId}
              className={buttonClass(
                'secondary',
                'sm',
                'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
              )}
            >
              Importer un fichier .ics
            </label>
          </div>
        </>
      )}
    </TitledCard>
  );
}
