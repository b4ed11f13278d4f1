import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.service.js';
import type { DomainDeps, Repos } from '../ports.js';
import { parseEmailList } from './email-address.js';
import { PlatformNotFound } from './platform.errors.js';
import type { EmailConfiguration, EmailNotificationType } from './platform.types.js';

/**
 * A platform's e-mail configurations (docs/platform.md): which addresses get the e-mails of each
 * notification type; created once per idempotency key (docs/decisions/0827).
 */

export interface EmailConfigurationInput {
  notificationType: EmailNotificationType;
  emails: string;
  enabled: boolean;
}

export async function createEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
): Promise<EmailConfiguration> {
  const conf = newEmailConfiguration(deps, platformId, input);
  await deps.storage.write((repos) => repos.platform.insertEmailConfiguration(conf));
  return conf;
}

/** The idempotency scope of a configuration POST; its records are keyed by the platform (docs/decisions/0827). */
export const EMAIL_CONFIGURATION_SCOPE = 'POST /api/v2/notification/email/configuration';

/**
 * `createEmailConfiguration` under an idempotency key (docs/decisions/0827), with the product's one
 * idempotency mechanism (`runIdempotent`, as REST orders): the first request creates the configuration
 * and stores `render`'s answer; a retry with the same key and body replays that answer and creates
 * nothing; the same key with another body is `IdempotencyMismatch`. Keys are the platform's (any of its
 * keys), kept 24 hours.
 */
export async function createEmailConfigurationOnce(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
  claim: { key: string; requestHash: string },
  render: (c: EmailConfiguration) => StoredResponse,
): Promise<StoredResponse & { replayed: boolean }> {
  const conf = newEmailConfiguration(deps, platformId, input);
  const request = {
    entityId: platformId,
    scope: EMAIL_CONFIGURATION_SCOPE,
    key: claim.key,
    requestHash: claim.requestHash,
    now: conf.createdAt,
  };
  return deps.storage.write((repos) =>
    runIdempotent(repos, request, async () => {
      await repos.platform.insertEmailConfiguration(conf);
      return render(conf);
    }),
  );
}

function newEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  input: EmailConfigurationInput,
): EmailConfiguration {
  const emails = parseEmailList(input.emails);
  const now = deps.clock.now();
  return {
    id: deps.ids.numeric(12),
    platformId,
    notificationType: input.notificationType,
    emails,
    enabled: input.enabled,
    createdAt: now,
    updatedAt: now,
  };
}

export async function listEmailConfigurations(deps: DomainDeps, platformId: string): Promise<EmailConfiguration[]> {
  return deps.storage.read.platform.listEmailConfigurations(platformId);
}

export async function updateEmailConfiguration(
  deps: DomainDeps,
  platformId: string,
  id: string,
  input: EmailConfigurationInput,
): Promise<EmailConfiguration> {
  const emails = parseEmailList(input.emails);
  const now = deps.clock.now();
  return deps.storage.write(async (repos: Repos) => {
    const conf = await repos.platform.findEmailConfiguration(platformId, id);
    if (!conf) throw new PlatformNotFound('Configuration');
    const updated: EmailConfiguration = {
      ...conf,
      notificationType: input.notificationType,
      emails,
      enabled: input.enabled,
      updatedAt: now,
    };
    await repos.platform.updateEmailConfiguration(updated);
    return updated;
  });
}
