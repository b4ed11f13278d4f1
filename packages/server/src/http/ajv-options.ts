import type { FastifyServerOptions } from 'fastify';
import { SUBJECT_KEYWORD } from '../schemas/shared/subject.js';
import { fastUriFormat } from './uri-format.js';

/**
 * The Ajv options of every Fastify instance that validates our schemas: the app, and the benchmark's
 * bare Fastify route. Values are never coerced or removed (a wrong type is an error, an unknown member
 * is refused by the schema), defaults are filled in, and the first error is reported. `x-subject`
 * annotates a field for the error mapping (docs/decisions/0600).
 *
 * The faster `uri` format goes in by `onCreate`, not `plugins`: @fastify/ajv-compiler adds
 * ajv-formats after the plugins, and that would put its own `uri` back; `onCreate` runs last.
 */
export const AJV_OPTIONS = {
  customOptions: {
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    verbose: true,
    // an annotation read by schemaErrorToDomain (http/validation.ts), never a rule
    keywords: [SUBJECT_KEYWORD],
  },
  onCreate: fastUriFormat,
} satisfies NonNullable<FastifyServerOptions['ajv']>;
