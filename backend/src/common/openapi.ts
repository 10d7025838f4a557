import { HttpStatus, RequestMethod, SetMetadata, type INestApplication, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';
import { errorEnvelopeSchema } from '@market/contracts';
import { ZodPipe } from './zod-body.pipe';

const ANSWER_SCHEMA = 'openapi:answer';

/** A handler whose answer has the schema's type: the compiler checks that `@Answers` tells the truth. */
type AnswerDecorator<T> = <F extends (...args: never[]) => T | Promise<T>>(target: object, key: string | symbol, handler: TypedPropertyDescriptor<F>) => void;

/** The contracts schema of a route's answer: what `/api/docs` shows for its success status. */
export function Answers<T>(schema: ZodType<T>): AnswerDecorator<T> {
  return SetMetadata(ANSWER_SCHEMA, schema);
}

type SchemaObject = Record<string, unknown>;
type Operation = {
  parameters?: SchemaObject[];
  requestBody?: SchemaObject;
  responses: Record<string, SchemaObject>;
};

function openApiSchema(schema: ZodType, io: 'input' | 'output'): SchemaObject {
  // Transforms and preprocessing have no JSON Schema: they show as 'any' (their input is documented where it can be).
  return z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as SchemaObject;
}

function json(schema: SchemaObject, description: string): SchemaObject {
  return { description, content: { 'application/json': { schema } } };
}

/** '/api' + the controller's and the handler's paths, with `:id` written `{id}` as OpenAPI does. */
function documentPath(prefix: string, controllerPath: string, handlerPath: string): string {
  const path = ['', prefix, controllerPath, handlerPath].join('/').replace(/\/+/g, '/').replace(/\/$/, '');
  return path.replace(/:(\w+)/g, '{$1}');
}

function firstPath(value: unknown): string {
  return Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
}

/** The contracts schemas a handler parses its body and query with (`@Body(new ZodPipe(schema))`, `@Query(...)`). */
function parsedParts(controller: Type, handler: string): { body?: ZodType; query?: ZodType } {
  const args: Record<string, { pipes?: unknown[] }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {};
  const parts: { body?: ZodType; query?: ZodType } = {};
  for (const [key, { pipes = [] }] of Object.entries(args)) {
    const schema = pipes.find((pipe): pipe is ZodPipe<unknown> => pipe instanceof ZodPipe)?.schema;
    if (!schema) continue;
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.BODY) parts.body = schema;
    if (type === RouteParamtypes.QUERY) parts.query = schema;
  }
  return parts;
}

/**
 * Adds to the generated document what the contracts' zod schemas say: each route's request body
 * and query parameters from the schema it parses them with, its answer from `@Answers`, and the
 * error envelope of every refusal. The schemas are the one source: the docs cannot drift from
 * what the API checks and answers.
 */
export function documentContracts(app: INestApplication, prefix: string, document: OpenAPIObject): OpenAPIObject {
  const errorEnvelope = json(openApiSchema(errorEnvelopeSchema, 'output'), 'Refused: the translated error envelope');
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as Type;
      const controllerPath = firstPath(Reflect.getMetadata(PATH_METADATA, controller));
      for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
        const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, controller.prototype[handler]);
        if (method === undefined) continue;
        const path = documentPath(prefix, controllerPath, firstPath(Reflect.getMetadata(PATH_METADATA, controller.prototype[handler])));
        const operation = (document.paths[path] as Record<string, Operation> | undefined)?.[RequestMethod[method].toLowerCase()];
        if (!operation) continue;
        const { body, query } = parsedParts(controller, handler);
        if (body) operation.requestBody = { required: true, ...json(openApiSchema(body, 'input'), 'The request body') };
        if (query) {
          const properties = (openApiSchema(query, 'input').properties ?? {}) as Record<string, SchemaObject>;
          operation.parameters = [
            ...(operation.parameters ?? []).filter((parameter) => parameter.in !== 'query'),
            ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
          ];
        }
        const answer: ZodType | undefined = Reflect.getMetadata(ANSWER_SCHEMA, controller.prototype[handler]);
        const status: number =
          Reflect.getMetadata(HTTP_CODE_METADATA, controller.prototype[handler]) ?? (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
        operation.responses = {
          ...operation.responses,
          ...(answer && { [status]: json(openApiSchema(answer, 'output'), 'Done') }),
          default: errorEnvelope,
        };
      }
    }
  }
  return document;
}
