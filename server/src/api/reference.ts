// The API's reference page (/api/v1/docs): plain HTML rendered on the server from the OpenAPI
// document itself, with no script and nothing from a CDN (docs/decisions/030-openapi-from-zod.md).
type Doc = {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  format?: string;
  description?: string;
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short type name: 'string (date-time) | null', 'Prealert[]', one of the enum's values. */
function typeName(s: Schema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) {
    const name = s.$ref.split('/').pop()!;
    return `<a href="#schema-${name}">${esc(name)}</a>`;
  }
  if (s.enum) return s.enum.map((v) => `<code>${esc(String(v))}</code>`).join(' · ');
  if (s.anyOf) return s.anyOf.map(typeName).join(' | ');
  if (s.type === 'array') return `${typeName(s.items)}[]`;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return esc(s.format ? `${t} (${s.format})` : t);
}

function propertiesTable(s: Schema): string {
  if (!s.properties) return `<p>${typeName(s)}</p>`;
  const rows = Object.entries(s.properties)
    .map(
      ([name, p]) =>
        `<tr><td><code>${esc(name)}</code>${s.required?.includes(name) ? '' : ' <small>(opcional)</small>'}</td><td>${typeName(p)}</td><td>${esc(p.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Campo</th><th>Tipo</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderReferencePage(openApi: unknown): string {
  const doc = openApi as Doc;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const body = operations
    .map(({ path, method, op }) => {
      const params = op.parameters?.length
        ? `<h4>Parámetros</h4><table><tbody>${op.parameters
            .map(
              (p) =>
                `<tr><td><code>${esc(p.name)}</code> <small>(${esc(p.in)}${p.required ? ', obligatorio' : ''})</small></td><td>${typeName(p.schema)}</td><td>${esc(p.description ?? p.schema.description ?? '')}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : '';
      const request = op.requestBody
        ? `<h4>Cuerpo (JSON)</h4>${propertiesTable(Object.values(op.requestBody.content)[0]!.schema)}`
        : '';
      const responses = `<h4>Respuestas</h4><ul>${Object.entries(op.responses)
        .map(([status, r]) => {
          const schema = r.content ? Object.values(r.content)[0]?.schema : undefined;
          return `<li><strong>${esc(status)}</strong> ${esc(r.description)}${schema ? ` — ${typeName(schema)}` : ''}</li>`;
        })
        .join('')}</ul>`;
      return `<section id="${esc(op.operationId)}"><h3><code>${method.toUpperCase()} ${esc(path)}</code></h3><p>${esc(op.summary)}. ${esc(op.description)}</p>${params}${request}${responses}</section>`;
    })
    .join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${propertiesTable(s)}</section>`)
    .join('\n');
  const index = operations
    .map(
      ({ path, method, op }) => `<li><a href="#${esc(op.operationId)}">${method.toUpperCase()} ${esc(path)}</a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1b1e}code{background:#f1f3f5;padding:0 .25rem;border-radius:3px}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #dee2e6;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #dee2e6;padding-top:.5rem;margin-top:1rem}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p><p>El documento OpenAPI 3.1: <a href="openapi.json">openapi.json</a>.</p>
<h2>Operaciones</h2><ul>${index}</ul>${body}<h2>Esquemas</h2>${schemas}</body></html>`;
}
