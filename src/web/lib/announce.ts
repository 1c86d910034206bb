let region: HTMLElement | null = null;

/**
 * Says `text` to a screen reader (RGAA 7.5) through one polite live region of the page, made on
 * first use: emptied, then filled a moment later, so the same words said twice are heard twice.
 */
export function announce(text: string): void {
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.className = 'sr-only';
    region.dataset.testid = 'announcer';
    document.body.append(region);
  }
  const live = region;
  live.textContent = '';
  setTimeout(() => {
    live.textContent = text;
  }, 100);
}
