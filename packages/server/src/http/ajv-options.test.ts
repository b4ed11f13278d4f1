import Fastify from 'fastify';
import type { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from './ajv-options.js';
import { isUri } from './uri-format.js';

describe("the app's Ajv options", () => {
  // @fastify/ajv-compiler runs the `plugins` first, then adds ajv-formats, then calls `onCreate`: a
  // `uri` format added by a plugin was silently replaced by ajv-formats' own (the verdicts are the
  // same, so only the Ajv instance shows which one validates).
  it("validate the uri format with isUri, not with ajv-formats' own", async () => {
    let ajv: Ajv | undefined;
    const capture = (instance: Ajv) => (ajv = instance);
    const app = Fastify({ ajv: { ...AJV_OPTIONS, plugins: [capture] } });
    app.post(
      '/',
      { schema: { body: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } } },
      async () => ({ ok: true }),
    );
    await app.ready();
    expect(ajv?.formats.uri).toBe(isUri);
    const post = (url: string) => app.inject({ method: 'POST', url: '/', payload: { url } });
    expect((await post('https://shop.example.com/checkout?order=1')).statusCode).toBe(200);
    expect((await post('not a uri')).statusCode).toBe(400);
    await app.close();
  });
});
