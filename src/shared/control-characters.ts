/**
 * Control characters (C0 with line breaks and tabs, DEL, C1) have no place in a name shown in a
 * page, a document or an e-mail: an organisation named with a line break and a URL was mailed
 * as NutriCarte's own words (docs/decisions/0034-versions-and-hostile-files.md).
 */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

export const hasControlCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
};

/** The text on one line: each run of control characters becomes one space. */
export function withoutControlCharacters(text: string): string {
  let out = '';
  let gap = false;
  for (const ch of text) {
    if (isControl(ch.charCodeAt(0))) {
      gap = true;
      continue;
    }
    if (gap && out !== '') out += ' ';
    gap = false;
    out += ch;
  }
  return out.trim();
}
