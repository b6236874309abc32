import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  errorReply,
  SESSION_COOKIE,
  STAFF_SESSION_COOKIE,
  validationErrorReply,
} from '@fieldhouse/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATION_SUMMARIES } from './openapi-summaries.ts';

type Security = Record<string, string[]>[];
type RouteFacts = {
  sessionRequired: boolean;
  staffOnly: boolean;
  csrf: boolean;
  validated: boolean;
  rateLimited: boolean;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** `/api/venues/:slug/sessions` → `/api/venues/{slug}/sessions`. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The operationId of a route, from its method and path alone (so it is unique and stable): the method, then each
 * path segment after `/api` in PascalCase, a parameter as `By<Name>`. `GET /api/venues/:slug/sessions` →
 * `getVenuesBySlugSessions`.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

/** What a route asks of the caller's session: its own onRequest hook, else its scope's `sessionScope`. */
function sessionOf(app: FastifyInstance, route: RouteOptions): 'required' | 'optional' | 'none' {
  const hooks = [route.onRequest ?? []].flat();
  if (hooks.includes(app.authenticate)) return 'required';
  if (route.config?.session) return route.config.session;
  if (hooks.includes(app.identify)) return 'optional';
  return 'none';
}

/** OpenAPI security: the session cookie (required or optional) and, on unsafe methods, the CSRF header. */
function securityOf(session: 'required' | 'optional' | 'none' | 'staff', csrf: boolean): Security {
  const withCsrf = (requirement: Record<string, string[]>) =>
    csrf ? { ...requirement, csrfHeader: [] } : requirement;
  if (session === 'staff') return [withCsrf({ staffSessionCookie: [] })];
  const loggedIn = withCsrf({ sessionCookie: [] });
  const anonymous = withCsrf({});
  if (session === 'required') return [loggedIn];
  if (session === 'optional') return [anonymous, loggedIn];
  return Object.keys(anonymous).length > 0 ? [anonymous] : [];
}

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' });
  return rest;
};

const errorContent = (schemaName: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } },
});

/** The shared error replies (plugins/app/errors.ts shapes every one of them). */
const ERROR_RESPONSES = {
  Unauthenticated: {
    description: 'No live session (the session cookies are cleared).',
    content: errorContent('ErrorReply'),
  },
  StaffForbidden: {
    description: "The staff member's role does not allow this call.",
    content: errorContent('ErrorReply'),
  },
  CsrfFailed: {
    description: `The \`${CSRF_HEADER}\` header is missing or differs from the \`${CSRF_COOKIE}\` cookie.`,
    content: errorContent('ErrorReply'),
  },
  ValidationFailed: {
    description: 'The request was refused by the contract: the first message, and messages per field.',
    content: errorContent('ValidationErrorReply'),
  },
  TooManyRequests: {
    description: 'Too many calls from this address; try again later.',
    content: errorContent('ErrorReply'),
  },
  ClientError: {
    description:
      "Refused (e.g. 403 not yours, 404 not found, 409 conflict), with a message in the spec's words.",
    content: errorContent('ErrorReply'),
  },
  ServerError: {
    description:
      '500 something went wrong (logged with the request id); 503 maintenance, database unavailable, or ' +
      "`code: 'not_set_up'` while the database has no operator (no catalogue imported yet).",
    content: errorContent('ErrorReply'),
  },
};

/**
 * OpenAPI 3.1 built from the contract's zod schemas (3.1 because zod's nullable types need no `nullable`), with
 * an operationId and summary per operation, the session-cookie and CSRF-header security schemes and the shared
 * error replies. The UI (and its JSON) only in demo mode; `npm run lint:openapi` writes it and lints it.
 */
export default fp<{ demoMode: boolean }>(
  async (app, opts) => {
    const facts = new Map<string, RouteFacts>();

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fieldhouse API',
          description:
            'Customer API of the Fieldhouse web front end. JSON in snake_case; successful replies wrap their ' +
            'payload in `data`. Log in with `POST /api/auth/customer/login` (it sets the session cookie); every ' +
            `call but GET, HEAD and OPTIONS echoes the \`${CSRF_COOKIE}\` cookie in the \`${CSRF_HEADER}\` header.`,
          version: '0.1.0',
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: '/', description: 'The server this document is served by' }],
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'HttpOnly session cookie, set by logging in or registering.',
            },
            staffSessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: STAFF_SESSION_COOKIE,
              description:
                'HttpOnly staff session cookie (the console at /admin/), set by `POST /api/staff/auth/login`; ends ' +
                'after 30 minutes without a call. Each operation names the staff roles it allows (x-staff-roles).',
            },
            csrfHeader: {
              type: 'apiKey',
              in: 'header',
              name: CSRF_HEADER,
              description:
                `Double-submit CSRF token: the value of the readable \`${CSRF_COOKIE}\` cookie (set on any ` +
                'reply when missing), required on every call but GET, HEAD and OPTIONS.',
            },
          },
        },
      },
      transform: (document) => {
        const transformed = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
        const { route, url } = document;
        if (transformed.schema.hide) return transformed;
        const method = [route.method].flat()[0]!;
        const operationId = operationIdFor(method, url);
        const staffRoles = route.config?.staffRoles;
        const session = staffRoles ? 'staff' : sessionOf(app, route);
        const csrf = !SAFE_METHODS.has(method) && route.config?.csrf !== false;
        const schema = route.schema ?? {};
        facts.set(operationId, {
          sessionRequired: session === 'required' || session === 'staff',
          staffOnly: session === 'staff',
          csrf,
          validated: Boolean(schema.body || schema.querystring || schema.params),
          rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
        });
        const summary = OPERATION_SUMMARIES[`${method} ${openapiPath(url)}`];
        return {
          url,
          schema: {
            ...transformed.schema,
            operationId,
            ...(summary ? { summary } : {}),
            security: securityOf(session, csrf),
            ...(staffRoles ? { 'x-staff-roles': [...staffRoles] } : {}),
          },
        };
      },
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const { openapiObject } = documentObject;
        const document = openapiObject as unknown as {
          components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
          paths: Record<
            string,
            Record<string, { operationId?: string; responses?: Record<string, unknown> }>
          >;
        };
        document.components.schemas = {
          ...document.components.schemas,
          ErrorReply: jsonSchema(errorReply),
          ValidationErrorReply: jsonSchema(validationErrorReply),
        };
        document.components.responses = { ...document.components.responses, ...ERROR_RESPONSES };
        const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
        for (const operations of Object.values(document.paths)) {
          for (const operation of Object.values(operations)) {
            const fact = operation.operationId ? facts.get(operation.operationId) : undefined;
            if (!fact) continue;
            const responses = { ...operation.responses };
            const add = (status: string, name: keyof typeof ERROR_RESPONSES) => {
              responses[status] ??= ref(name);
            };
            if (fact.sessionRequired) add('401', 'Unauthenticated');
            if (fact.staffOnly) add('403', 'StaffForbidden');
            if (fact.csrf) add('419', 'CsrfFailed');
            if (fact.validated) add('422', 'ValidationFailed');
            if (fact.rateLimited) add('429', 'TooManyRequests');
            add('4XX', 'ClientError');
            add('5XX', 'ServerError');
            operation.responses = responses;
          }
        }
        return openapiObject;
      },
      hideUntagged: false,
    });
    if (opts.demoMode) {
      await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    }
  },
  { name: 'external-swagger' },
);
