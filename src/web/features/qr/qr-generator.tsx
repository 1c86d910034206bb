import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import type { Menu } from '../../../shared/api/menus.ts';
import { qrMessages, type QrCode } from '../../../shared/api/qr-vocabulary.ts';
import { PLAN_LIMIT_TOASTS } from '../../../shared/plan-texts.ts';
import { limitsMessages } from '../../../shared/messages/limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { countOf } from '../../../shared/typography.ts';
import { cn } from '../../lib/cn.ts';
import { showFormErrorToast, showValidationToast, useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { useMe } from '../../lib/queries.ts';
import { useCreateQrCode } from './api.ts';
import { QrDownloadChoices } from './download-choices.tsx';
import { nameForMenu, validateQrForm, type QrFormErrors } from './generator-rules.ts';
import { QrDrawing } from './qr-drawing.tsx';
import { GENERATOR_QR_SIZE } from './qr-style.ts';

const QR_FORM = 'qr-code';

/** docs/product/spec.md section 4: the generator closes 1 second after a success. */
const CLOSE_DELAY_MS = 1_000;

/**
 * « Générer un code QR » (docs/product/spec.md « QR generator card »). `menus` is the owner's list, or
 * undefined while it loads; only active menus can be linked.
 */
export function QrGenerator({
  menus,
  menusFailed,
  onClose,
}: {
  menus: Menu[] | undefined;
  menusFailed: boolean;
  onClose: () => void;
}) {
  const { data: me } = useMe();
  const create = useCreateQrCode();
  const navigate = useNavigate();
  const selectId = useId();
  const [name, setName] = useState('');
  const [menuId, setMenuId] = useState('');
  const [errors, setErrors] = useState<QrFormErrors>({});
  useFormErrorToastFollows(QR_FORM, Object.values(errors).some(Boolean));
  const [generated, setGenerated] = useState<QrCode | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const activeMenus = useMemo(
    () =>
      (menus ?? [])
        .filter((menu) => menu.isActive)
        .sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' })),
    [menus],
  );
  const limit = me?.limits.qrCodes ?? null;
  const planAllows = me !== undefined && (me === null || limit === null || me.usage.qrCodes < limit);
  const noMenu = menus !== undefined && activeMenus.length === 0;
  const canGenerate = !create.isPending && generated === null && planAllows && activeMenus.length > 0 && menuId !== '';

  const onMenuChange = (nextId: string) => {
    const menuName = (id: string) => activeMenus.find((menu) => menu.id === id)?.name ?? null;
    setName(nameForMenu(name, menuName(menuId), menuName(nextId)));
    setMenuId(nextId);
    setErrors(({ menuId: _menu, ...rest }) => (nextId ? rest : { ...rest, menuId: qrMessages.menuRequired }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateQrForm({ signedIn: Boolean(me), name, menuId });
    setErrors(check.errors);
    if (check.first) {
      showFormErrorToast(QR_FORM, check.first);
      return;
    }
    create.mutate(
      { name: name.trim(), menuId },
      {
        onSuccess: (code) => {
          setGenerated(code);
          toast.success('Code QR généré avec succès !');
          closeTimer.current = setTimeout(onClose, CLOSE_DELAY_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'plan_limit') {
            toast.error('Limite atteinte', { description: PLAN_LIMIT_TOASTS.qrCodes });
            void navigate('/subscription');
          } else if (error instanceof ApiError && error.code === 'validation') {
            setErrors({ name: error.fields.name, menuId: error.fields.menuId });
            showValidationToast(QR_FORM, error.message);
          } else if (error instanceof ApiError && error.status === 401) {
            setErrors({ auth: qrMessages.mustLogIn });
            toast.error(qrMessages.mustLogIn);
          } else toast.error('Erreur lors de la génération du code QR');
        },
      },
    );
  };

  return (
    <Card className="space-y-5" data-testid="qr-generator">
      <div>
        <h2 className="text-xl font-semibold">Générer un code QR</h2>
        <p className="text-sm text-stone-600">Vos clients scannent le code et arrivent sur la carte du menu choisi.</p>
      </div>

      {limit !== null && (
        <div
          className="flex flex-col gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900 sm:flex-row sm:items-center sm:justify-between"
          data-testid="qr-plan-notice"
        >
          <div>
            <p className="font-semibold">Plan gratuit : {countOf(limit, 'code QR', 'codes QR')}</p>
            {!planAllows && generated === null && <p className="mt-1">{limitsMessages.qrCodes}</p>}
          </div>
          <Link to="/subscription" className="shrink-0 font-semibold text-orange-800 underline underline-offset-2">
            Passer au Premium
          </Link>
        </div>
      )}

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <form noValidate onSubmit={onSubmit} className="min-w-0 space-y-4" aria-label="Générer un code QR">
          {errors.auth && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {errors.auth}
            </p>
          )}
          <Field
            label="Nom du code QR"
            placeholder="Ex. : QR - Carte du midi"
            value={name}
            maxLength={200}
            error={errors.name}
            onChange={(event) => {
              setName(event.target.value);
              if (errors.name && event.target.value.trim()) setErrors(({ name: _name, ...rest }) => rest);
            }}
          />
          {menusFailed ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              Erreur lors du chargement des données
            </p>
          ) : noMenu ? (
            <p className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
              Aucun menu actif trouvé. Créez d’abord un menu.{' '}
              <Link to="/menus" className="font-semibold text-brand-700 underline underline-offset-2">
                Aller à Mes Menus
              </Link>
            </p>
          ) : (
            <div className="space-y-1">
              <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
                Menu à lier
              </label>
              <select
                id={selectId}
                value={menuId}
                disabled={menus === undefined}
                aria-invalid={errors.menuId ? true : undefined}
                aria-describedby={errors.menuId ? `${selectId}-message` : undefined}
                onChange={(event) => onMenuChange(event.target.value)}
                className={cn(
                  'block h-10 w-full rounded-lg border bg-white px-3 text-sm shadow-sm',
                  errors.menuId ? 'border-red-500' : 'border-stone-300',
                )}
              >
                <option value="">{menus === undefined ? 'Chargement des menus...' : 'Sélectionnez un menu'}</option>
                {activeMenus.map((menu) => (
                  <option key={menu.id} value={menu.id}>
                    {menu.name}
                  </option>
                ))}
              </select>
              {errors.menuId && (
                <p id={`${selectId}-message`} role="alert" className="text-sm text-red-600">
                  {errors.menuId}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!canGenerate} aria-busy={create.isPending || undefined}>
              {create.isPending && (
                <span
                  className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                  aria-hidden="true"
                />
              )}
              Générer le code QR
            </Button>
            <QrDownloadChoices code={generated} label="Télécharger le code QR" />
            <Button variant="ghost" onClick={onClose}>
              Fermer
            </Button>
          </div>
        </form>

        <div
          className={cn(
            'mx-auto flex w-full max-w-[300px] items-center justify-center overflow-hidden rounded-lg border border-dashed border-stone-300 bg-white md:w-[300px]',
            // Before a code exists the empty area stays short on a phone.
            generated ? 'aspect-square' : 'h-24 md:h-[300px]',
          )}
          aria-live="polite"
          data-testid="qr-preview"
        >
          {generated ? (
            <QrDrawing
              key={generated.qrData}
              data={generated.qrData}
              size={GENERATOR_QR_SIZE}
              type="svg"
              label={`Code QR ${generated.name}`}
            />
          ) : (
            <p className="px-6 text-center text-sm text-stone-500">L’aperçu du code QR apparaîtra ici.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
