import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookConfig } from '../../config';
import { listPage, ListSpec } from '../../db/list-query';
import { assertPublicUrl, HostResolver, systemResolver, UnsafeUrlError } from '../../events/url-guard';
import { generateWebhookSecret } from '../../events/webhook-signature';
import { Page, SortOrder } from '../../db/pagination';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { Organization } from '../accounts/organizations/organization.entity';
import { findOr404 } from '../../db/find-or-404';
import { WebhookSubscription } from '../../events/webhook-subscription.entity';
import type {
  WebhookSecretPayload,
  WebhookSubscriptionInput,
  WebhookSubscriptionListArgs,
  WebhookSubscriptionUpdateInput,
} from './webhook.types';

const LIST: ListSpec<WebhookSubscription> = {
  searchFields: ['url', 'description'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', url: 'url', name: 'url' },
  defaultSort: { field: 'createdAt', order: SortOrder.asc },
  dateField: 'createdAt',
};

/** Webhook subscriptions of the caller's organization (admin). Secrets leave only through create and rotate. */
export class WebhookService {
  constructor(
    private readonly config: WebhookConfig,
    /** Seals secrets at rest; the delivery worker opens them. */
    private readonly cipher: CredentialCipher,
    /** The event kinds the modules emit (shared.events.kinds): a subscription may filter by these only. */
    private readonly kinds: readonly string[],
    /** Resolves a URL's host when it is saved (shared.resolveHost). */
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  private checkKinds(events: string[] | null | undefined): void {
    if (events?.some((e) => !this.kinds.includes(e)))
      throw AppError.validation([{ field: 'events', message: `each event must be one of: ${this.kinds.join(', ')}` }]);
  }

  list(em: EntityManager, args: WebhookSubscriptionListArgs): Promise<Page<WebhookSubscription>> {
    return listPage(em, WebhookSubscription, args, LIST, args.active === undefined ? {} : { active: args.active });
  }

  get(em: EntityManager, id: string): Promise<WebhookSubscription> {
    return findOr404(em, WebhookSubscription, id, 'Webhook subscription');
  }

  async create(
    em: EntityManager,
    organizationId: string,
    input: WebhookSubscriptionInput,
  ): Promise<WebhookSecretPayload> {
    this.checkKinds(input.events);
    await this.checkUrl(input.url);
    const secret = generateWebhookSecret();
    const subscription = new WebhookSubscription({
      organization: em.getReference(Organization, organizationId),
      url: input.url,
      events: dedupe(input.events ?? []),
      active: input.active ?? true,
      description: input.description,
      secret: this.cipher.encrypt(secret),
    });
    await em.persistAndFlush(subscription);
    return { subscription, secret };
  }

  async update(em: EntityManager, id: string, input: WebhookSubscriptionUpdateInput): Promise<WebhookSubscription> {
    this.checkKinds(input.events);
    const s = await this.get(em, id);
    if (input.url !== undefined && input.url !== null) {
      await this.checkUrl(input.url);
      s.url = input.url;
    }
    if (input.events !== undefined && input.events !== null) s.events = dedupe(input.events);
    if (input.description !== undefined) s.description = input.description;
    if (input.active !== undefined && input.active !== null) {
      if (input.active && !s.active) {
        // Re-enabled by an admin: the failure history that disabled it starts over.
        s.disabledReason = null;
        s.disabledAt = null;
        s.failingSince = null;
        s.consecutiveFailures = 0;
      }
      s.active = input.active;
    }
    await em.flush();
    return s;
  }

  async delete(em: EntityManager, id: string): Promise<{ id: string; deleted: boolean }> {
    const s = await this.get(em, id);
    await em.removeAndFlush(s);
    return { id, deleted: true };
  }

  /** A new secret; the old one keeps signing (second signature) for secretGraceHours. */
  async rotateSecret(em: EntityManager, id: string): Promise<WebhookSecretPayload> {
    const s = await this.get(em, id);
    const secret = generateWebhookSecret();
    const graceEnds = new Date(clock.nowMs() + this.config.secretGraceHours * 3600_000);
    await em.execute(
      `update webhook_subscriptions set previous_secret = secret, previous_secret_expires_at = ?, secret = ?, updated_at = ? where id = ? and organization_id = ?`,
      [graceEnds, this.cipher.encrypt(secret), clock.now(), s.id, s.organization.id],
    );
    await em.refresh(s);
    return { subscription: s, secret };
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await assertPublicUrl(url, this.config.allowPrivateUrls, this.resolve);
    } catch (e) {
      if (e instanceof UnsafeUrlError) throw AppError.validation([{ field: 'url', message: e.message }]);
      throw e;
    }
  }
}

function dedupe(kinds: string[]): string[] {
  return [...new Set(kinds)];
}
