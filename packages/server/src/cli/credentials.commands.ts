import { rotateWebhookSecret } from '../domain/notifications/notification.service.js';
import {
  createApiKey,
  createEntity,
  createMerchant,
  createSite,
  listApiKeys,
  revokeApiKey,
} from '../domain/merchants/merchant.service.js';
import type { ApiKeyType } from '../domain/merchants/merchant.types.js';
import { configureSite } from '../domain/sessions/site-settings.service.js';
import { DEFAULT_UNREFERENCED_REFUND_LIMIT } from '../domain/payments/unreferenced-refund.service.js';
import { storageWithin } from '../domain/storage-within.js';
import type { Runtime } from '../runtime.js';
import { type CommandSpec, UsageError } from './args.js';

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };

export interface CredentialCommand {
  spec: CommandSpec;
  run(
    rt: Runtime,
    values: Record<string, string | boolean | undefined>,
    positionals: string[],
  ): Promise<{ json: unknown; text: string }>;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

/** What `merchants create` prints: the ids, the secrets once, and what to do with them. */
function merchantCreatedText(o: {
  merchantId: string;
  name: string;
  merchantSiteId: string;
  processingEntityId: string;
  keyId: string;
  apiKey: string;
  merchantSecretKey: string;
  webhookSecret: string;
}): string {
  return [
    `Merchant ${o.merchantId} (${o.name}) created with a site, a processing entity and an API key.`,
    '',
    `  merchantId          ${o.merchantId}`,
    `  merchantSiteId      ${o.merchantSiteId}`,
    `  processingEntityId  ${o.processingEntityId}`,
    `  keyId               ${o.keyId}`,
    '',
    'Secrets, shown this once (only hashes or sealed copies are kept): store them now.',
    `  apiKey              ${o.apiKey}`,
    `  merchantSecretKey   ${o.merchantSecretKey}`,
    `  webhookSecret       ${o.webhookSecret}`,
    '',
    'Next:',
    `  REST API:     send the header "x-api-key: <apiKey>" and "processingEntityId": "${o.processingEntityId}" in POST /orders`,
    '  Session API:  sign calls with merchantId, merchantSiteId and merchantSecretKey (docs/session-api.md)',
    `  Webhooks:     gatehouse sites set-notification-url --site ${o.merchantSiteId} --url https://your.shop/notify`,
    '                and verify them with webhookSecret (docs/notifications.md)',
    `  More keys:    gatehouse keys create --entity ${o.processingEntityId} --site ${o.merchantSiteId}`,
  ].join('\n');
}

export const credentialCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'merchants create',
      summary:
        'Create a merchant ready to call the API: its first site, processing entity and operations API key, and the site and webhook secrets (shown once).',
      options: {
        name: { type: 'string', placeholder: 'name', description: 'Merchant name', required: true },
        'site-name': { type: 'string', placeholder: 'name', description: 'Name of the first site' },
        'entity-name': { type: 'string', placeholder: 'name', description: 'Name of the first processing entity' },
        json,
      },
    },
    async run(rt, v) {
      const name = str(v.name)!;
      // One transaction: never a merchant without the key it was promised.
      const out = await rt.deps.storage.write(async (repos) => {
        const inTx = { ...rt.deps, storage: storageWithin(repos) };
        const r = await createMerchant(inTx, { name, siteName: str(v['site-name']) });
        const entity = await createEntity(inTx, { merchantId: r.merchant.id, name: str(v['entity-name']) ?? name });
        const key = await createApiKey(inTx, {
          entityId: entity.id,
          siteId: r.site.id,
          type: 'operations',
          label: 'first',
        });
        const webhook = await rotateWebhookSecret(inTx, r.site.id);
        return {
          merchantId: r.merchant.id,
          name: r.merchant.name,
          merchantSiteId: r.site.id,
          processingEntityId: entity.id,
          keyId: key.key.id,
          apiKey: key.plaintext.expose(),
          merchantSecretKey: r.merchantSecretKey.expose(),
          webhookSecret: webhook.secret.expose(),
        };
      });
      return { json: out, text: merchantCreatedText(out) };
    },
  },
  {
    spec: {
      name: 'sites create',
      summary: 'Add a site to a merchant; prints its secret key (shown once).',
      options: {
        merchant: { type: 'string', placeholder: 'merchantId', description: 'Merchant id', required: true },
        name: { type: 'string', placeholder: 'name', description: 'Site name', required: true },
        json,
      },
    },
    async run(rt, v) {
      const r = await createSite(rt.deps, { merchantId: str(v.merchant)!, name: str(v.name)! });
      const webhook = await rotateWebhookSecret(rt.deps, r.site.id);
      const out = {
        merchantSiteId: r.site.id,
        merchantId: r.site.merchantId,
        name: r.site.name,
        merchantSecretKey: r.merchantSecretKey.expose(),
        webhookSecret: webhook.secret.expose(),
      };
      return {
        json: out,
        text: `site    ${out.merchantSiteId}\nsecret  ${out.merchantSecretKey}   (shown once: keep it now)\nwebhook ${out.webhookSecret}   (shown once)`,
      };
    },
  },
  {
    spec: {
      name: 'entities create',
      summary: 'Create a processing entity, at the top of a merchant or as the child of another entity.',
      options: {
        merchant: { type: 'string', placeholder: 'merchantId', description: 'Merchant of a top-level entity' },
        parent: {
          type: 'string',
          placeholder: 'entityId',
          description: 'Parent entity (the child belongs to its merchant)',
        },
        name: { type: 'string', placeholder: 'name', description: 'Entity name' },
        json,
      },
    },
    async run(rt, v) {
      if (!v.merchant && !v.parent) throw new UsageError('give --merchant or --parent');
      const e = await createEntity(rt.deps, {
        merchantId: str(v.merchant),
        parentId: str(v.parent),
        name: str(v.name) ?? 'entity',
      });
      const out = { processingEntityId: e.id, merchantId: e.merchantId, parentId: e.parentId, name: e.name };
      return {
        json: out,
        text: `entity ${out.processingEntityId}${out.parentId ? ` (child of ${out.parentId})` : ''}`,
      };
    },
  },
  {
    spec: {
      name: 'keys create',
      summary: 'Create a REST API key for an entity and site. The key is printed once and stored only as a hash.',
      options: {
        entity: { type: 'string', placeholder: 'entityId', description: 'Processing entity', required: true },
        site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true },
        type: { type: 'string', placeholder: 'operations|dispute', description: 'Key type (default operations)' },
        label: { type: 'string', placeholder: 'text', description: 'A note to tell keys apart' },
        json,
      },
    },
    async run(rt, v) {
      const type = str(v.type) ?? 'operations';
      if (type !== 'operations' && type !== 'dispute') throw new UsageError('--type must be operations or dispute');
      const r = await createApiKey(rt.deps, {
        entityId: str(v.entity)!,
        siteId: str(v.site)!,
        type: type as ApiKeyType,
        label: str(v.label),
      });
      const out = {
        keyId: r.key.id,
        type: r.key.type,
        entityId: r.key.entityId,
        siteId: r.key.siteId,
        apiKey: r.plaintext.expose(),
      };
      return { json: out, text: `key ${out.keyId} (${out.type})\n${out.apiKey}   (shown once: keep it now)` };
    },
  },
  {
    spec: {
      name: 'keys list',
      summary: "List an entity's own API keys (never its parents'). Secrets are not shown: they are not kept.",
      options: {
        entity: { type: 'string', placeholder: 'entityId', description: 'Processing entity', required: true },
        json,
      },
    },
    async run(rt, v) {
      const keys = await listApiKeys(rt.deps, str(v.entity)!);
      const out = keys.map((k) => ({
        keyId: k.id,
        type: k.type,
        siteId: k.siteId,
        label: k.label,
        createdAt: new Date(k.createdAt).toISOString(),
        revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
      }));
      const text = out.length
        ? out
            .map(
              (k) =>
                `${k.keyId}  ${k.type.padEnd(10)}  site ${k.siteId}  ${k.revokedAt ? 'revoked ' + k.revokedAt : 'active'}  ${k.label}`,
            )
            .join('\n')
        : '(no keys)';
      return { json: out, text };
    },
  },
  {
    spec: {
      name: 'keys revoke',
      usage: 'keys revoke <keyId> [options]',
      summary: 'Revoke an API key at once; requests with it are refused from then on.',
      options: { json },
      positionals: ['keyId'],
    },
    async run(rt, _v, positionals) {
      const k = await revokeApiKey(rt.deps, positionals[0]!);
      const out = { keyId: k.id, revokedAt: new Date(k.revokedAt!).toISOString() };
      return { json: out, text: `revoked ${out.keyId} at ${out.revokedAt}` };
    },
  },
  {
    spec: {
      name: 'sites configure',
      summary:
        "Change a site's session API settings (clientRequestId uniqueness, the limit of a refund without relatedTransactionId, the default session decline limit).",
      options: {
        site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true },
        'unique-client-request-id': {
          type: 'string',
          placeholder: 'true|false',
          description:
            'Refuse a second session call with an already used clientRequestId (errCode 1066); default false',
        },
        'unreferenced-refund-limit': {
          type: 'string',
          placeholder: 'units',
          description:
            'The most one refundTransaction without relatedTransactionId may credit, in whole units of its currency (0 refuses them); default 1000',
        },
        'session-decline-limit': {
          type: 'string',
          placeholder: 'n',
          description:
            'The declines after which a session opened without sessionCardDeclineLimit expires (0: no limit); default no limit',
        },
        json,
      },
    },
    async run(rt, v) {
      const flag = str(v['unique-client-request-id']);
      if (flag !== undefined && flag !== 'true' && flag !== 'false') {
        throw new UsageError('--unique-client-request-id must be true or false');
      }
      const limit = str(v['unreferenced-refund-limit']);
      if (limit !== undefined && !/^\d{1,12}$/.test(limit)) {
        throw new UsageError('--unreferenced-refund-limit must be a whole number of currency units, 0 or more');
      }
      const declines = str(v['session-decline-limit']);
      if (declines !== undefined && !/^\d{1,6}$/.test(declines)) {
        throw new UsageError('--session-decline-limit must be a whole number, 0 (no limit) or more');
      }
      const settings = await configureSite(rt.deps, str(v.site)!, {
        ...(flag === undefined ? {} : { uniqueClientRequestId: flag === 'true' }),
        ...(limit === undefined ? {} : { unreferencedRefundLimit: Number(limit) }),
        ...(declines === undefined ? {} : { sessionDeclineLimit: Number(declines) }),
      });
      const out = { merchantSiteId: str(v.site)!, ...settings };
      const refundLimit = out.unreferencedRefundLimit ?? DEFAULT_UNREFERENCED_REFUND_LIMIT;
      return {
        json: out,
        text: `site ${out.merchantSiteId}\nunique clientRequestId  ${out.uniqueClientRequestId}\nunreferenced refund limit  ${refundLimit}\nsession decline limit  ${out.sessionDeclineLimit ?? 'none'}`,
      };
    },
  },
];
