/** `toSectionId`: an item dropped into another section of the menu (drag and drop, docs/decisions/0025). */
export type MoveTarget =
  | { kind: 'section'; id: string; position: number }
  | { kind: 'item'; id: string; sectionId: string; toSectionId?: string; position: number };
