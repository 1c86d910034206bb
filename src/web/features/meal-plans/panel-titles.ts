import { monthLabel } from './dates.ts';

/** The titles of the panels under a plan, shown as soon as the page is, while their code loads. */
export const GEMRCN_PANEL_TITLE = 'Grille GEMRCN sur 20 repas';
export const egalimPanelTitle = (month: string) => `EGalim, ${monthLabel(month)}`;
