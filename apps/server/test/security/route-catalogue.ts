import type { FastifyInstance } from 'fastify';

/** A JSON-schema fragment as @fastify/swagger renders our Zod schemas. */
export interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** `METHOD /path`, the key suites use. */
  key: string;
  query: Record<string, FieldSchema>;
  body: Record<string, FieldSchema>;
  /** Every field the route takes, query and body together. */
  fields: string[];
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: FieldSchema }[];
        requestBody?: { content?: Record<string, { schema?: FieldSchema }> };
      }
    >
  >;
}

/**
 * Every API route with the fields it takes, read from the OpenAPI document the route schemas
 * generate. Suites that must cover every route (access control, fuzz) enumerate this, so a new
 * route is picked up without anyone remembering to add it.
 */
export async function routeCatalogue(app: FastifyInstance): Promise<RouteEntry[]> {
  await app.ready();
  const doc = app.swagger() as unknown as OpenApi;
  const routes: RouteEntry[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const query: Record<string, FieldSchema> = {};
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query') query[parameter.name] = parameter.schema ?? {};
      const body = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const upper = method.toUpperCase() as RouteEntry['method'];
      routes.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        query,
        body,
        fields: [...Object.keys(query), ...Object.keys(body)],
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}
