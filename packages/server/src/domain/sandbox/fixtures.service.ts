import { createApiKey, createEntity, createMerchant, createSite } from '../merchants/merchant.service.js';
import {
  rotateWebhookSecret,
  setSiteNotificationUrl,
  setSiteWebhookUrl,
} from '../notifications/notification.service.js';
import type { DomainDeps } from '../ports.js';
import { createPlan, listPlans } from '../rebilling/plan.service.js';
import type { Period } from '../rebilling/ports.js';
import { addCreditCard } from '../users/upo-admin.service.js';
import type { UserDetails } from '../users/ports.js';
import { createUser } from '../users/user.service.js';

/**
 * `gatehouse sandbox load fixtures.yaml` (docs/sandbox.md, docs/decisions/0932): merchants, their sites,
 * users, stored cards and plans made through the operations the APIs use, so a card goes to the vault
 * sealed and only its masked fields are kept. Loading is idempotent: a merchant is found again by its
 * name, a site by its name within its merchant, a user by its userTokenId, a card by the vault's
 * fingerprint, a plan by its name within its site; what exists is left as it is.
 */

export interface FixtureCard {
  number: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface FixtureUser {
  userTokenId: string;
  details: UserDetails;
  cards: FixtureCard[];
}

export interface FixturePlan {
  name: string;
  currency: string;
  recurringAmount: string;
  initialAmount?: string;
  recurringPeriod?: Period;
  startAfter?: Period;
  endAfter: Period;
}

export interface FixtureSite {
  name: string;
  notificationUrl?: string;
  webhookUrl?: string;
  users: FixtureUser[];
  plans: FixturePlan[];
}

export interface FixtureMerchant {
  name: string;
  sites: FixtureSite[];
}

export interface Fixtures {
  merchants: FixtureMerchant[];
}

/** What a load made or found; secrets only for what it made now (they are shown once). */
export interface LoadedMerchant {
  merchantId: string;
  name: string;
  created: boolean;
  /** when the merchant was made now: its first entity and Operations key */
  processingEntityId?: string;
  apiKey?: string;
  sites: Array<{
    merchantSiteId: string;
    name: string;
    created: boolean;
    merchantSecretKey?: string;
    webhookSecret?: string;
    users: Array<{
      userTokenId: string;
      created: boolean;
      upos: Array<{ userPaymentOptionId: string; last4: string; created: boolean }>;
    }>;
    plans: Array<{ planId: string; name: string; created: boolean }>;
  }>;
}

export interface LoadSummary {
  merchants: LoadedMerchant[];
  /** objects made by this load, by kind (0 everywhere for a second load of the same file) */
  created: { merchants: number; sites: number; users: number; upos: number; plans: number };
}

export async function loadFixtures(deps: DomainDeps, fixtures: Fixtures): Promise<LoadSummary> {
  const created = { merchants: 0, sites: 0, users: 0, upos: 0, plans: 0 };
  const merchants: LoadedMerchant[] = [];
  const existingMerchants = await deps.storage.read.merchants.listMerchants();
  for (const fm of fixtures.merchants) {
    const found = existingMerchants.find((m) => m.name === fm.name);
    let loaded: LoadedMerchant;
    const fresh = new Map<string, { merchantSecretKey: string; webhookSecret: string }>();
    if (found) {
      loaded = { merchantId: found.id, name: found.name, created: false, sites: [] };
    } else {
      const first = fm.sites[0]?.name;
      const r = await createMerchant(deps, { name: fm.name, ...(first !== undefined ? { siteName: first } : {}) });
      const entity = await createEntity(deps, { merchantId: r.merchant.id, name: fm.name });
      const key = await createApiKey(deps, {
        entityId: entity.id,
        siteId: r.site.id,
        type: 'operations',
        label: 'fixtures',
      });
      const webhook = await rotateWebhookSecret(deps, r.site.id);
      fresh.set(r.site.id, { merchantSecretKey: r.merchantSecretKey.expose(), webhookSecret: webhook.secret.expose() });
      created.merchants++;
      created.sites++;
      loaded = {
        merchantId: r.merchant.id,
        name: r.merchant.name,
        created: true,
        processingEntityId: entity.id,
        apiKey: key.plaintext.expose(),
        sites: [],
      };
    }
    const sites = await deps.storage.read.merchants.listSites(loaded.merchantId);
    for (const fs of fm.sites) {
      let site = sites.find((s) => s.name === fs.name);
      if (!site) {
        const r = await createSite(deps, { merchantId: loaded.merchantId, name: fs.name });
        const webhook = await rotateWebhookSecret(deps, r.site.id);
        fresh.set(r.site.id, {
          merchantSecretKey: r.merchantSecretKey.expose(),
          webhookSecret: webhook.secret.expose(),
        });
        created.sites++;
        sites.push(r.site);
        site = r.site;
      }
      if (fs.notificationUrl !== undefined) await setSiteNotificationUrl(deps, site.id, fs.notificationUrl);
      if (fs.webhookUrl !== undefined) await setSiteWebhookUrl(deps, site.id, fs.webhookUrl);
      const ctx = { merchantId: loaded.merchantId, siteId: site.id };
      const secrets = fresh.get(site.id);
      const out: LoadedMerchant['sites'][number] = {
        merchantSiteId: site.id,
        name: site.name,
        created: secrets !== undefined,
        ...(secrets ?? {}),
        users: [],
        plans: [],
      };
      for (const fu of fs.users) {
        const known = await deps.storage.read.users.find(site.id, fu.userTokenId);
        if (!known) {
          await createUser(deps, ctx, fu.userTokenId, fu.details);
          created.users++;
        }
        const before = new Set((await deps.storage.read.upos.list(site.id, fu.userTokenId)).map((u) => u.id));
        const upos = [];
        for (const card of fu.cards) {
          const { upo } = await addCreditCard(deps, ctx, fu.userTokenId, {
            number: card.number,
            expMonth: String(card.expMonth),
            expYear: String(card.expYear),
            holderName: card.holderName,
          });
          const isNew = !before.has(upo.id);
          if (isNew) created.upos++;
          before.add(upo.id);
          upos.push({ userPaymentOptionId: upo.id, last4: upo.last4 ?? '', created: isNew });
        }
        out.users.push({ userTokenId: fu.userTokenId, created: !known, upos });
      }
      const plans = await listPlans(deps, ctx);
      for (const fp of fs.plans) {
        let plan = plans.find((p) => p.name === fp.name);
        const isNew = !plan;
        if (!plan) {
          plan = await createPlan(deps, ctx, fp);
          plans.push(plan);
          created.plans++;
        }
        out.plans.push({ planId: plan.id, name: plan.name, created: isNew });
      }
      loaded.sites.push(out);
    }
    merchants.push(loaded);
  }
  return { merchants, created };
}
