import { escapeHtml } from '../../lib/html.ts';

/** docs/product/spec.md « QR redirect page » error state, rendered on the server (no script needed). */
export function qrErrorPage(message: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Erreur – NutriCarte</title>
<style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#fafaf9;color:#1c1917;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem}main{max-width:28rem;text-align:center;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:2rem}h1{color:#b91c1c;margin:0 0 .5rem}p{line-height:1.5}a{color:#047857}</style>
</head><body><main role="alert"><h1>Erreur</h1><p><strong>${escapeHtml(message)}</strong></p>
<p>Veuillez vérifier que le code QR est valide et que le menu est disponible.</p><p><a href="/">NutriCarte</a></p></main></body></html>`;
}
