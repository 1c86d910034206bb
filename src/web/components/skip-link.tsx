/** The id of every layout's <main>, which the skip link leads to. */
export const MAIN_ID = 'contenu';

/**
 * « Aller au contenu »: the first link of every page with a layout (RGAA 12.7), hidden until
 * the keyboard reaches it, then shown at the top of the page, in the flow: it pushes the page
 * down rather than covering it (RGAA 10.13).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
    >
      Aller au contenu
    </a>
  );
}
