// The API's reference page (/api/v1/docs): plain HTML rendered on the server from the OpenAPI
// document itself, with nothing from a CDN (docs/decisions/030-openapi-from-zod.md); its one
// script, from this origin, sends an operation with the developer's key (try-it.ts).
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Doc = {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
};
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
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

/** The form that sends one operation from the page (try-it.ts), its fields named as the parameters. */
function tryForm(path: string, method: string, op: Operation, params: Parameter[]): string {
  const id = (name: string) => esc(`${op.operationId}-${name}`);
  const fields = params
    .filter((p) => p.in !== 'header')
    .map(
      (p) =>
        `<label for="${id(p.name)}">${esc(p.name)}${p.required ? ' *' : ''}</label> <input id="${id(p.name)}" name="${esc(p.name)}" data-in="${esc(p.in)}"${p.required ? ' required' : ''}>`,
    );
  if (params.some((p) => p.name === 'Idempotency-Key'))
    fields.push(`<label for="${id('idem')}">Idempotency-Key</label> <input id="${id('idem')}" name="Idempotency-Key">`);
  const example = op.requestBody ? Object.values(op.requestBody.content)[0]?.example : undefined;
  if (op.requestBody)
    fields.push(
      `<label for="${id('body')}">Cuerpo (JSON)</label><textarea id="${id('body')}" name="body" rows="8">${esc(JSON.stringify(example ?? {}, null, 2))}</textarea>`,
    );
  return `<details><summary>Probar</summary><form data-try data-method="${method.toUpperCase()}" data-path="${esc(path)}">${fields.map((f) => `<p>${f}</p>`).join('')}<button type="submit">Enviar</button><output aria-live="polite"></output></form></details>`;
}

export function renderReferencePage(openApi: unknown): string {
  const doc = openApi as Doc;
  const parametersOf = (op: Operation): Parameter[] =>
    (op.parameters ?? []).map((p) => ('$ref' in p ? doc.components.parameters![p.$ref.split('/').pop()!]! : p));
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const body = operations
    .map(({ path, method, op }) => {
      const parameters = parametersOf(op);
      const params = parameters.length
        ? `<h4>Parámetros</h4><table><tbody>${parameters
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
      return `<section id="${esc(op.operationId)}"><h3><code>${method.toUpperCase()} ${esc(path)}</code></h3><p>${esc(op.summary)}. ${esc(op.description)}</p>${params}${request}${responses}${tryForm(path, method, op, parameters)}</section>`;
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
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1b1e}code{background:#f1f3f5;padding:0 .25rem;border-radius:3px}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #dee2e6;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #dee2e6;padding-top:.5rem;margin-top:1rem}textarea{width:100%;font-family:monospace}output{display:block;white-space:pre-wrap;font-family:monospace;background:#f8f9fa;margin-top:.5rem}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p><p>El documento OpenAPI 3.1: <a href="openapi.json">openapi.json</a>.</p>
<h2>Probar con tu clave</h2><p><label for="api-key">Tu clave de API</label> <input id="api-key" type="password" autocomplete="off" size="40" placeholder="csk_…"></p><p><small>La clave queda solo en esta página; cada «Probar» llama a la API de verdad con ella (una clave de lectura no puede crear).</small></p>
<h2>Operaciones</h2><ul>${index}</ul>${body}<h2>Esquemas</h2>${schemas}<script src="docs/try.js" defer></script></body></html>`;
}
