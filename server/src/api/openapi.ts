// The OpenAPI 3.1 document of the public API (docs/decisions/030-openapi-from-zod.md), generated
// from the endpoints' own zod schemas with zod's JSON Schema generator (z.toJSONSchema, draft
// 2020-12, the dialect OpenAPI 3.1 uses). Nothing here is written by hand but the words around
// the schemas: a field added to a schema appears in the document.
import {
  API_CUSTOMER_PARAM,
  API_KEY_MESSAGES,
  PUBLIC_API_BASE,
  apiCustomerParam,
  apiError,
  apiInvoice,
  apiPackage,
  apiPrealert,
  apiQuote,
  apiShipment,
  apiShipmentDetail,
  apiTracking,
  apiWebhookPayload,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  z,
} from '@casillero/shared';
import type { Endpoint } from './endpoints';

type JsonSchema = Record<string, unknown>;

/** The document as the reference page and the tests read it. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  [key: string]: unknown;
};

/** The named shapes: each goes to components.schemas once and is referred to by $ref. */
const NAMED: ReadonlyArray<[string, z.ZodType]> = [
  ['Error', apiError],
  ['Prealert', apiPrealert],
  ['Package', apiPackage],
  ['Shipment', apiShipment],
  ['ShipmentDetail', apiShipmentDetail],
  ['Invoice', apiInvoice],
  ['Tracking', apiTracking],
  ['Quote', apiQuote],
  ['WebhookPayload', apiWebhookPayload],
];

const ref = (name: string) => `#/components/schemas/${name}`;

/** A schema as JSON Schema 2020-12, without the keywords that belong to a standalone document. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** An answer: always a named shape (the registry holds every endpoint's), referred to by $ref. */
function responseSchema(registry: z.core.$ZodRegistry<{ id: string }>, schema: z.ZodType) {
  const named = registry.get(schema);
  if (!named) throw new Error('Una respuesta de la API sin nombre en el documento');
  return { $ref: ref(named.id) };
}

/** What a request sends (a body, a parameter): its input side, transforms and defaults as the caller sees them. */
function inputSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: ref('Error') } } },
});

export function buildOpenApiDocument(endpoints: readonly Endpoint[], appUrl: string): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED) registry.add(schema, { id });
  for (const e of endpoints) {
    if (e.response !== 'pdf' && !registry.has(e.response.schema))
      registry.add(e.response.schema, { id: e.response.name });
  }
  const all = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', uri: (id: string) => ref(id) }) as {
    schemas: Record<string, JsonSchema>;
  };
  const components = Object.fromEntries(Object.entries(all.schemas).map(([id, s]) => [id, clean(s)]));

  const paths: OpenApiDocument['paths'] = {};
  for (const e of endpoints) {
    const path = `${PUBLIC_API_BASE}${e.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters = [
      ...Object.entries(e.params?.shape ?? {}).map(([name, s]) => ({
        name,
        in: 'path',
        required: true,
        schema: inputSchema(s as z.ZodType),
      })),
      ...Object.entries(e.query?.shape ?? {}).map(([name, s]) => {
        const schema = s as z.ZodType;
        const meta = schema.meta();
        return {
          name,
          in: 'query',
          required: !schema.safeParse(undefined).success,
          // A parameter's words and its deprecation belong to the parameter as much as to its schema.
          ...(meta?.description ? { description: meta.description } : {}),
          ...(meta?.deprecated ? { deprecated: true } : {}),
          schema: inputSchema(schema),
        };
      }),
      ...(e.perCustomer
        ? [
            {
              name: API_CUSTOMER_PARAM,
              in: 'query',
              required: false,
              description: apiCustomerParam.meta()?.description,
              schema: inputSchema(apiCustomerParam),
            },
          ]
        : []),
    ];
    const ok =
      e.response === 'pdf'
        ? {
            description: 'El PDF de la factura',
            content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
          }
        : {
            description: 'Listo',
            content: { 'application/json': { schema: responseSchema(registry, e.response.schema) } },
          };
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: e.operationId,
      summary: e.summary,
      tags: [e.tag],
      description: [
        e.scope === 'write'
          ? 'Necesita una clave de lectura y escritura. Cada uso queda en el registro de auditoría.'
          : 'Cualquier clave activa (lectura, o lectura y escritura).',
        e.refusedToAllies
          ? `Una clave de aliado no puede: ${e.refusedToAllies}.`
          : e.perCustomer
            ? `Con una clave de aliado, responde por el cliente que dice el parámetro ${API_CUSTOMER_PARAM}.`
            : '',
      ]
        .filter(Boolean)
        .join(' '),
      ...(parameters.length ? { parameters } : {}),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: inputSchema(e.body) } },
            },
          }
        : {}),
      responses: {
        [e.response === 'pdf' ? 200 : e.response.status]: ok,
        400: errorResponse('Datos inválidos: el mensaje dice cuál y por qué'),
        401: errorResponse(API_KEY_MESSAGES.invalidKey),
        ...(e.scope === 'write' || e.refusedToAllies
          ? {
              403: errorResponse(
                [e.scope === 'write' ? API_KEY_MESSAGES.readOnlyKey : '', e.refusedToAllies ?? '']
                  .filter(Boolean)
                  .join('; o bien: '),
              ),
            }
          : {}),
        ...(e.params || e.perCustomer
          ? {
              404: errorResponse(
                e.perCustomer
                  ? `No existe, o no es tuyo; con una clave de aliado, también: ${API_KEY_MESSAGES.allyCustomerNotFound}`
                  : 'No existe, o no es tuyo',
              ),
            }
          : {}),
        ...(e.method === 'POST' ? { 409: errorResponse('Choca con lo que ya existe') } : {}),
        429: {
          ...errorResponse('Demasiadas solicitudes con esta clave'),
          headers: {
            'Retry-After': { description: 'Segundos hasta poder intentar de nuevo', schema: { type: 'integer' } },
          },
        },
      },
    };
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'API de Casillero',
      version: '1.0.0',
      description:
        'Tus prealertas, paquetes, envíos y facturas desde tus propios sistemas. Crea una clave en Configuración (un aliado, en su portal: Claves de API) y envíala en la cabecera `Authorization: Bearer <clave>`. La clave de un aliado responde por sus propios clientes: cada llamada dice de cuál con el parámetro `customer` (su código de casillero). Los montos van en centavos enteros; las fechas, en ISO 8601.',
    },
    servers: [{ url: appUrl }],
    security: [{ apiKey: [] }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    // What the app POSTs to a customer's webhook (docs/product/public-api.md#webhooks).
    webhooks: Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [
        event,
        {
          post: {
            operationId: `webhook:${event}`,
            summary: WEBHOOK_EVENT_LABELS[event],
            description:
              'Firmado según Standard Webhooks (cabeceras webhook-id, webhook-timestamp y webhook-signature). Cada suscripción recibe sus eventos en el orden de `sequence`.',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: ref('WebhookPayload') } } },
            },
            responses: {
              '2XX': {
                description: 'Recibido. Otra respuesta, o ninguna en 10 segundos, se reintenta durante 24 horas.',
              },
            },
          },
        },
      ]),
    ),
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Una clave de API creada en Configuración, o en el portal de aliado (csk_…).',
        },
      },
    },
  };
}
