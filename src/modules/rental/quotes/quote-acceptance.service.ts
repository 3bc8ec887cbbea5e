import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { withTenantAccess } from '../../../db/access';
import { findOr404 } from '../../../db/find-or-404';
import { organizationToday } from '../../../db/organization-day';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { clock } from '../../../lib/clock';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { Role } from '../../../lib/role';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Customer } from '../../crm/customers/customer.entity';
import type { RentalOrderService } from '../orders/rental-order.service';
import { assertOpen, bookQuote } from './quote-booking';
import { contentHash } from './quote-content';
import { QuoteLinkClaims, verifyQuoteLink } from './quote-link';
import { RentalQuoteLine } from './rental-quote-line.entity';
import { RentalQuoteVersion } from './rental-quote-version.entity';
import { OPEN_QUOTE, RentalQuote, RentalQuoteStatus } from './rental-quote.entity';

/** What a link shows: open (may be accepted), or why not. */
export type LinkState = 'open' | 'superseded' | 'expired' | RentalQuoteStatus;

export interface QuoteView {
  organizationName: string;
  customerName: string;
  quote: RentalQuote;
  version: RentalQuoteVersion;
  lines: RentalQuoteLine[];
  state: LinkState;
  /** Why the link cannot accept (null when open). */
  reason: string | null;
}

export interface AcceptanceInput {
  name: unknown;
  consent: unknown;
  ip: string;
  userAgent: string | null;
}

const NAME_MAX = 200;

/** Why a link is not open, or null: superseded by a newer version, expired, or closed. */
function refusal(
  quote: RentalQuote,
  version: RentalQuoteVersion,
  today: string,
): { state: LinkState; reason: string } | null {
  if (!OPEN_QUOTE.includes(quote.status))
    return {
      state: quote.status,
      reason: `This quote was ${quote.status}${quote.closedAt ? ` on ${quote.closedAt.toISOString().slice(0, 10)}` : ''}.`,
    };
  if (quote.version !== version.version)
    return {
      state: 'superseded',
      reason: `This link is for version ${version.version}; the quote has changed since (version ${quote.version} is current). Ask for the new link.`,
    };
  if (version.validUntil < today)
    return { state: 'expired', reason: `This quote expired: it stood until ${version.validUntil}.` };
  return null;
}

/** The typed name and the consent box: 400 naming each problem. */
function checkAcceptance(input: AcceptanceInput): string {
  const errors: FieldError[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.push({ field: 'name', message: 'Type your full name to accept' });
  else if (name.length > NAME_MAX)
    errors.push({ field: 'name', message: `name must be at most ${NAME_MAX} characters` });
  else if (name.includes('\u0000')) errors.push({ field: 'name', message: 'name contains a NUL character' });
  if (input.consent !== true)
    errors.push({ field: 'consent', message: 'Tick the box to accept the quote and its terms' });
  if (errors.length) throw AppError.validation(errors, 'The acceptance is not complete');
  return name;
}

/**
 * The customer's side of a quote, without an account (docs/rental.md, "The customer's acceptance link"): the signed
 * link names the organization and the version, so every statement runs in that organization's tenant scope.
 */
export class QuoteAcceptanceService {
  constructor(
    private readonly orders: RentalOrderService,
    private readonly events: EventEmitter,
    private readonly key: Buffer,
  ) {}

  view(orm: MikroORM, token: string): Promise<QuoteView> {
    const claims = this.claims(token);
    return this.scoped(orm, claims, async (em) => {
      const { quote, version } = await this.find(em, claims, false);
      const [org, customer, lines] = await Promise.all([
        em.findOneOrFail(Organization, { id: claims.organizationId }),
        em.findOneOrFail(Customer, { id: quote.customer.id }, { populate: ['contact'] }),
        em.find(RentalQuoteLine, { version: version.id }, { orderBy: { position: 'asc' } }),
      ]);
      const closed = refusal(quote, version, await organizationToday(em, claims.organizationId));
      return {
        organizationName: org.name,
        customerName: customer.name,
        quote,
        version,
        lines,
        state: closed?.state ?? 'open',
        reason: closed?.reason ?? null,
      };
    });
  }

  /**
   * The link's version as a file drawn by `draw` (the rental documents' quote PDF) in the organization's scope, after
   * the same check of the token as the page: 404 for a token not signed here. Like the page, a superseded, expired
   * or closed link still shows the version it names.
   */
  file<T>(
    orm: MikroORM,
    token: string,
    draw: (em: EntityManager, organizationId: string, quoteId: string, version: number) => Promise<T>,
  ): Promise<T> {
    const claims = this.claims(token);
    return this.scoped(orm, claims, async (em) => {
      const { quote, version } = await this.find(em, claims, false);
      return draw(em, claims.organizationId, quote.id, version.version);
    });
  }

  /**
   * Accepts the link's version and books it (quote-booking.ts) in one transaction under the quote's row lock: 409
   * when superseded, expired, closed or no longer available; records name, consent, IP, user agent, time and the
   * version's content hash (recomputed from the stored rows: it must still match); emits quote.accepted.
   */
  accept(orm: MikroORM, token: string, input: AcceptanceInput): Promise<RentalQuote> {
    const claims = this.claims(token);
    const name = checkAcceptance(input);
    return this.scoped(orm, claims, (em) =>
      em.transactional(async (tx) => {
        const { quote, version } = await this.find(tx, claims, true);
        const today = await organizationToday(tx, claims.organizationId);
        const closed = refusal(quote, version, today);
        if (closed) throw AppError.conflict(closed.reason);
        assertOpen(quote, today);
        const lines = await tx.find(RentalQuoteLine, { version: version.id }, { orderBy: { position: 'asc' } });
        const hash = contentHash(quote.customer.id, version, lines);
        if (hash !== version.contentHash) throw AppError.conflict('The quote’s content changed since it was written');
        const order = await bookQuote(tx, this.orders, await this.actor(tx, quote), quote, version);
        Object.assign(quote, {
          status: RentalQuoteStatus.accepted,
          closedAt: clock.now(),
          order: ref(order),
          acceptance: {
            version: version.version,
            versionId: version.id,
            name,
            consent: true,
            ip: input.ip,
            userAgent: input.userAgent,
            acceptedAt: clock.now().toISOString(),
            contentHash: hash,
          },
        });
        this.events.emit(tx, claims.organizationId, 'quote.accepted', {
          id: quote.id,
          version: version.version,
          versionId: version.id,
          customerId: quote.customer.id,
          transactionId: order.id,
          total: version.total,
          currency: version.currency,
          acceptedBy: name,
          contentHash: hash,
        });
        return quote;
      }),
    );
  }

  /** 404 for a token this service did not sign (or signed with another SESSION_SECRET). */
  private claims(token: string): QuoteLinkClaims {
    const claims = verifyQuoteLink(this.key, token);
    if (!claims) throw new AppError(ErrorCode.NOT_FOUND, 'This quote link is not valid');
    return claims;
  }

  private scoped<T>(orm: MikroORM, claims: QuoteLinkClaims, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return withTenantAccess(claims.organizationId, () => {
      const em = orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId: claims.organizationId });
      return fn(em);
    });
  }

  private async find(em: EntityManager, claims: QuoteLinkClaims, lock: boolean) {
    const version = await findOr404(em, RentalQuoteVersion, claims.versionId, 'Quote');
    const quote = await findOr404(em, RentalQuote, version.quote.id, 'Quote', { lock });
    return { quote, version };
  }

  /**
   * Who the order is booked as (its createdBy and the events' changedBy): the member who sent the link, else the one
   * who wrote the quote, else the organization's first admin.
   */
  private async actor(tx: EntityManager, quote: RentalQuote): Promise<Principal> {
    const organizationId = quote.organization.id;
    const userId =
      quote.sentBy?.id ??
      quote.createdBy?.id ??
      (await tx.findOne(User, { organization: organizationId, role: Role.admin }, { orderBy: { createdAt: 'asc' } }))
        ?.id;
    if (!userId) throw AppError.conflict('The organization has no member to book the quote for');
    return { userId, organizationId, role: Role.user, email: '' };
  }
}
