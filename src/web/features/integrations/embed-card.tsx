import { useState } from 'react';
import { Spinner } from '../../components/ui/card.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { useMenuChoices } from './api.ts';
import { CopyField } from './copy-field.tsx';

/** « Intégrer la carte sur votre site »: the script snippet, or a plain frame, of one menu. */
export function EmbedCard({ origin }: { origin: string }) {
  const menus = useMenuChoices();
  const [chosen, setChosen] = useState<string | null>(null);
  const menu = menus.data?.find((m) => m.id === chosen) ?? menus.data?.[0];
  return (
    <TitledCard
      title="Intégrer la carte sur votre site"
      description="Collez ce code dans une page de votre site : la carte s’y affiche à jour (plats « Épuisé » compris), à la hauteur de son contenu, sans cookie."
    >
      {menus.isPending ? (
        <Spinner label="Chargement des menus..." />
      ) : menus.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
          Erreur lors du chargement des menus
        </p>
      ) : !menu ? (
        <p className="text-sm text-stone-600">Créez d’abord un menu pour pouvoir l’intégrer.</p>
      ) : (
        <div className="space-y-3">
          <label className="block space-y-1 text-sm font-medium text-stone-800">
            <span>Menu</span>
            <select
              className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
              value={menu.id}
              onChange={(e) => setChosen(e.target.value)}
            >
              {menus.data.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                  {m.isActive ? '' : ' (inactif)'}
                </option>
              ))}
            </select>
          </label>
          <CopyField
            label="Code à coller (recommandé)"
            multiline
            value={`<script src="${origin}/embed.js" data-menu="${menu.id}" data-title="${menu.name.replace(/"/g, '&quot;')}" async></script>`}
          />
          <CopyField
            label="Ou, sans script, un cadre de hauteur fixe"
            multiline
            value={`<iframe src="${origin}/menu/${menu.id}" title="${menu.name.replace(/"/g, '&quot;')}" loading="lazy" style="width:100%;height:50rem;border:0"></iframe>`}
          />
        </div>
      )}
    </TitledCard>
  );
}
