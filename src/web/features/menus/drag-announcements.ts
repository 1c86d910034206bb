import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

/** What a dragged row tells the screen reader (set as `data` on each sortable: src/web/features/menus/sortable-row.tsx). */
export interface DragData {
  kind: 'section' | 'item' | 'empty';
  /** « la section Entrées », « l’élément Gratin », « la section vide Desserts ». */
  label: string;
}

const labelOf = (data: unknown): string =>
  data && typeof data === 'object' && 'label' in data && typeof data.label === 'string' ? data.label : 'l’élément';

/** Read before the first key press (dnd-kit's `aria-describedby` on every handle). */
export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'Pour déplacer, appuyez sur Espace ou Entrée, puis utilisez les flèches haut et bas. Appuyez de nouveau sur Espace ou Entrée pour déposer, ou sur Échap pour annuler. Les boutons Monter et Descendre font de même.',
};

/** dnd-kit speaks English by default: every step of a drag, in French, through its live region. */
export const dragAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Vous avez saisi ${labelOf(active.data.current)}.`,
  // Over its own place (the first event of every drag): « saisi » stays the last word heard.
  onDragOver: ({ active, over }) => {
    if (over?.id === active.id) return undefined;
    const dragged = capitalize(labelOf(active.data.current));
    return over
      ? `${dragged} est au-dessus de ${labelOf(over.data.current)}.`
      : `${dragged} n’est plus au-dessus d’une zone de dépôt.`;
  },
  onDragEnd: ({ active, over }) => {
    const dragged = capitalize(labelOf(active.data.current));
    // Worded without a past participle: « la section » and « l’élément » would need two agreements.
    if (!over) return `Hors d’une zone de dépôt : ${labelOf(active.data.current)} reprend sa place.`;
    return over.id === active.id
      ? `${dragged} reprend sa place.`
      : `${dragged} prend la place de ${labelOf(over.data.current)}.`;
  },
  onDragCancel: ({ active }) => `Déplacement annulé. ${capitalize(labelOf(active.data.current))} reprend sa place.`,
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
