// The OpenAPI 3.1 document of the public API (docs/decisions/030-openapi-from-zod.md), generated
// from the endpoints' own zod schemas with zod's JSON Schema generator (z.toJSONSchema, draft
// 2020-12, the dialect OpenAPI 3.1 uses). Nothing here is written by hand but the words around
// the schemas: a field added to a schema appears in the document.
import {
  API_CUSTOMER_PARAM,
  API_KEY_MESSAGES,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_WINDOW_HOURS,
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
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_EXAMPLES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  z,
} from '@casillero/shared';
import type { Endpoint } from './endpoints';
import { RATE_LIMIT_POLICY } from './auth';
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from './examples';
import { createsSomething } from './idempotency';

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

/** What an answer or a delivery carries, standalone (a webhook's data). */
function outputSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as JsonSchema);
}

/** What a request sends (a body, a parameter): its input side, transforms and defaults as the caller sees them. */
function inputSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** A refusal: the Error shape; after the key is known, with its RateLimit fields (none on a 401). */
const errorResponse = (description: string, headers: Record<string, unknown> = rateLimitHeaders(false)) => ({
  description,
  headers,
  content: { 'application/json': { schema: { $ref: ref('Error') } } },
});

/** The fields every answer to a key carries (auth.ts); a create also says when it was replayed. */
function rateLimitHeaders(create: boolean): Record<string, unknown> {
  return {
    RateLimit: { $ref: '#/components/headers/RateLimit' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
    ...(create ? { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : {}),
  };
}

/** The headers and the parameter the operations refer to. */
const SHARED_COMPONENTS = {
  headers: {
    RateLimit: {
      description: `Lo que queda de la cuota de la clave (IETF RateLimit): r llamadas más, y en t segundos se libera la siguiente. Ejemplo: "${RATE_LIMIT_POLICY}";r=37;t=42.`,
      schema: { type: 'string' },
    },
    'RateLimit-Policy': {
      description: `La cuota de la clave: q llamadas cada w segundos. Ejemplo: "${RATE_LIMIT_POLICY}";q=60;w=60.`,
      schema: { type: 'string' },
    },
    'WWW-Authenticate': {
      description:
        'Cómo autenticarse: Bearer realm="api", con error="invalid_token" cuando la clave enviada no es válida.',
      schema: { type: 'string' },
    },
    'Idempotent-Replayed': {
      description: `true cuando la respuesta es la de la primera solicitud con esta Idempotency-Key (no se creó nada nuevo).`,
      schema: { type: 'string', enum: ['true'] },
    },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: `Un valor único por operación (por ejemplo un UUID). Si repites la solicitud con la misma clave y el mismo cuerpo en ${IDEMPOTENCY_WINDOW_HOURS} horas, recibes la primera respuesta y no se crea nada dos veces; la misma clave con otro cuerpo responde 409.`,
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
    },
  },
};

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
            headers: rateLimitHeaders(false),
            content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
          }
        : {
            description: 'Listo',
            headers: rateLimitHeaders(createsSomething(e)),
            content: {
              'application/json': {
                schema: responseSchema(registry, e.response.schema),
                example: RESPONSE_EXAMPLES[e.response.name],
              },
            },
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
      ...(parameters.length || createsSomething(e)
        ? {
            parameters: [
              ...parameters,
              ...(createsSomething(e) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
            ],
          }
        : {}),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: inputSchema(e.body), example: REQUEST_EXAMPLES[e.operationId] },
              },
            },
          }
        : {}),
      responses: {
        [e.response === 'pdf' ? 200 : e.response.status]: ok,
        400: errorResponse('Datos inválidos: el mensaje dice cuál y por qué'),
        401: {
          ...errorResponse(API_KEY_MESSAGES.invalidKey, {}),
          headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
        },
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
        ...(e.method === 'POST'
          ? {
              409: errorResponse(
                createsSomething(e)
                  ? `Choca con lo que ya existe; o bien: ${API_KEY_MESSAGES.idempotencyKeyReused}`
                  : 'Choca con lo que ya existe',
              ),
            }
          : {}),
        429: {
          ...errorResponse('Demasiadas solicitudes con esta clave'),
          headers: {
            ...rateLimitHeaders(false),
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
              content: {
                'application/json': {
                  // The shared envelope, with this event's type and its own data.
                  schema: {
                    allOf: [
                      { $ref: ref('WebhookPayload') },
                      {
                        type: 'object',
                        properties: { type: { const: event }, data: outputSchema(WEBHOOK_EVENT_DATA[event]) },
                      },
                    ],
                  },
                  example: {
                    type: event,
                    timestamp: '2026-12-06T13:30:00.000Z',
                    sequence: 42,
                    data: WEBHOOK_EVENT_EXAMPLES[event],
                  },
                },
              },
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
      ...SHARED_COMPONENTS,
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
