import { escapeHtml as e } from '../../lib/html.ts';

interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface Document {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const CSS = `body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{color:#065f46;margin:.5rem 0}h2{margin:2rem 0 .5rem;border-bottom:3px solid #ea580c;padding-bottom:.25rem;color:#065f46}
h3{margin:1.5rem 0 .25rem;font-size:1.05rem}code,pre{font:13px/1.45 ui-monospace,Menlo,Consolas,monospace}pre{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:.75rem;overflow:auto;max-height:24rem}
.op{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem;margin:1rem 0}.m{display:inline-block;min-width:3.5rem;text-align:center;border-radius:.375rem;padding:0 .5rem;font-weight:700;color:#fff;background:#047857;margin-right:.5rem}.m.put{background:#9a3412}
table{border-collapse:collapse}td,th{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}a{color:#047857}`;

const json = (value: unknown) => `<pre>${e(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(path: string, method: string, op: Operation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses ?? {});
  return (
    `<section class="op" id="${e(`${method}-${path}`)}"><h3><span class="m ${method}">${method.toUpperCase()}</span><code>${e(path)}</code></h3>` +
    (op.summary ? `<p><strong>${e(op.summary)}</strong></p>` : '') +
    (op.description ? `<p>${e(op.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>` : '') +
    (params.length
      ? '<table><tr><th>Paramètre</th><th>Où</th><th>Requis</th></tr>' +
        params
          .map(
            (p) =>
              `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${p.required ? 'oui' : 'non'}</td></tr>`,
          )
          .join('') +
        '</table>'
      : '') +
    (body ? `<p>Corps (JSON) :</p>${json(body)}` : '') +
    responses
      .map(
        ([status, r]) =>
          `<p><code>${e(status)}</code> ${e(r.description ?? '')}</p>` +
          (status.startsWith('2') && r.content?.['application/json']?.schema
            ? json(r.content['application/json'].schema)
            : ''),
      )
      .join('') +
    '</section>'
  );
}

/**
 * The API's reference for a person (GET /api/v1/reference): every operation of the OpenAPI
 * document with its parameters, body and answers, and the schemas it refers to. No script, no
 * third-party resource: it is built from the same document as /api/v1/openapi.json.
 */
export function renderReferencePage(document: unknown): string {
  const doc = document as Document;
  const server = doc.servers?.[0]?.url ?? '/api/v1';
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationHtml(path, method, op)),
  );
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, schema]) => `<h3 id="schema-${e(name)}">${e(name)}</h3>${json(schema)}`)
    .join('');
  return (
    '<!doctype html>\n<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${e(doc.info.title)} · référence</title><style>${CSS}</style></head><body><main>` +
    `<h1>${e(doc.info.title)} <small>v${e(doc.info.version)}</small></h1>` +
    (doc.info.description ? `<p>${e(doc.info.description)}</p>` : '') +
    `<p>Adresse : <code>${e(server)}</code>. Chaque appel porte l’en-tête <code>Authorization: Bearer nc_live_…</code> d’une clé créée dans « Intégrations ». ` +
    'Document OpenAPI 3.1 : <a href="openapi.json">openapi.json</a>.</p>' +
    `<h2>Opérations</h2>${operations.join('')}<h2>Schémas</h2>${schemas}</main></body></html>\n`
  );
}
