import type { EntityManager } from '@mikro-orm/postgresql';
import { ref, type FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { findOr404, referenced } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Customer } from '../../crm/customers/customer.entity';
import type { RentalOrderService } from '../orders/rental-order.service';
import type { RentalSettingsService } from '../orders/rental-settings.service';
import { assertOpen, bookQuote } from './quote-booking';
import { signQuoteLink } from './quote-link';
import { writeVersion } from './quote-writer';
import { RentalQuoteLine } from './rental-quote-line.entity';
import { RentalQuoteVersion } from './rental-quote-version.entity';
import { OPEN_QUOTE, RentalQuote, RentalQuoteStatus } from './rental-quote.entity';
import {
  MAX_QUOTE_VERSIONS,
  RentalQuoteInput,
  RentalQuoteLink,
  RentalQuoteListArgs,
  RentalQuoteRevisionInput,
} from './rental-quote.types';

const LIST: ListSpec<RentalQuote> = {
  searchFields: ['customer.contact.name', 'customer.contact.email'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    validUntil: 'validUntil',
    total: 'total',
    status: 'status',
    version: 'version',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
};

/** Where the public pages answer (the module's router, quote-acceptance.router.ts). */
export const ACCEPTANCE_PATH = '/quote-acceptance';

/** Stored, versioned quotes (docs/rental.md, "Stored quotes"): write, revise, link, convert, decline. */
export class RentalQuoteService {
  constructor(
    private readonly settings: RentalSettingsService,
    private readonly orders: RentalOrderService,
    private readonly link: { key: Buffer; publicUrl: string },
  ) {}

  list(em: EntityManager, args: RentalQuoteListArgs, today: string): Promise<Page<RentalQuote>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.customerId) where.customer = args.customerId;
    if (args.expired === true) {
      where.validUntil = { $lt: today };
      // only an open quote expires: a final status asked for with expired=true matches nothing
      where.status = args.status ? (OPEN_QUOTE.includes(args.status) ? args.status : { $in: [] }) : { $in: OPEN_QUOTE };
    }
    if (args.expired === false) where.$or = [{ validUntil: { $gte: today } }, { status: { $nin: OPEN_QUOTE } }];
    return listPage(em, RentalQuote, args, LIST, where as FilterQuery<RentalQuote>);
  }

  get(em: EntityManager, id: string): Promise<RentalQuote> {
    return findOr404(em, RentalQuote, id, 'Rental quote');
  }

  async versions(em: EntityManager, quoteId: string): Promise<RentalQuoteVersion[]> {
    const quote = await this.get(em, quoteId);
    return em.find(
      RentalQuoteVersion,
      { quote: quote.id },
      { orderBy: { version: 'desc' }, limit: MAX_QUOTE_VERSIONS },
    );
  }

  create(em: EntityManager, principal: Principal, input: RentalQuoteInput, today: string): Promise<RentalQuote> {
    return em.transactional(async (tx) => {
      const customer = await referenced(tx, Customer, input.customerId, 'customerId');
      const org = tx.getReference(Organization, principal.organizationId);
      const quote = new RentalQuote(org, customer, { validUntil: today, total: '0.00' });
      quote.createdBy = tx.getReference(User, principal.userId, { wrapped: true });
      tx.persist(quote);
      await writeVersion(tx, { settings: this.settings, principal, today }, quote, input, 1);
      return quote;
    });
  }

  /** A new version: the current one with the fields present replaced; open quotes only (409 otherwise). */
  revise(
    em: EntityManager,
    principal: Principal,
    id: string,
    input: RentalQuoteRevisionInput,
    today: string,
  ): Promise<RentalQuote> {
    return em.transactional(async (tx) => {
      const quote = await findOr404(tx, RentalQuote, id, 'Rental quote', { lock: true });
      if (!OPEN_QUOTE.includes(quote.status)) throw AppError.conflict(`The quote is ${quote.status}; it cannot change`);
      if (quote.version >= MAX_QUOTE_VERSIONS)
        throw AppError.conflict(`A quote keeps at most ${MAX_QUOTE_VERSIONS} versions; make a new quote`);
      const current = await this.current(tx, quote);
      const lines = await tx.find(RentalQuoteLine, { version: current.id }, { orderBy: { position: 'asc' } });
      // absent (and a null waiverOptOut, delivery or pickup, as on an order): the current version's
      const kept = ['waiverOptOut', 'delivery', 'pickup'];
      const defined = Object.fromEntries(
        Object.entries(input).filter(([k, v]) => v !== undefined && !(v === null && kept.includes(k))),
      );
      await writeVersion(
        tx,
        { settings: this.settings, principal, today },
        quote,
        {
          pickupDate: current.pickupDate,
          returnDate: current.returnDate,
          validUntil: current.validUntil < today ? undefined : current.validUntil,
          deliveryMethod: current.deliveryMethod,
          deliveryAddress: current.deliveryAddress,
          notes: current.notes,
          waiverOptOut: current.waiverOptOut,
          delivery: current.delivery,
          pickup: current.pickup,
          deliveryZone: current.deliveryZone,
          lines: lines.map((l) => ({ itemId: l.item.id, unitId: l.unit?.id ?? null, quantity: l.quantity })),
          ...defined,
        },
        quote.version + 1,
      );
      return quote;
    });
  }

  /** The signed acceptance link of the current version; a draft becomes sent. */
  send(em: EntityManager, principal: Principal, id: string, today: string): Promise<RentalQuoteLink> {
    return em.transactional(async (tx) => {
      const quote = await findOr404(tx, RentalQuote, id, 'Rental quote', { lock: true });
      assertOpen(quote, today);
      const current = await this.current(tx, quote);
      if (quote.status === RentalQuoteStatus.draft) {
        quote.status = RentalQuoteStatus.sent;
        quote.sentAt = clock.now();
      }
      quote.sentBy = tx.getReference(User, principal.userId, { wrapped: true });
      const token = signQuoteLink(this.link.key, {
        organizationId: principal.organizationId,
        versionId: current.id,
        expiresOn: current.validUntil,
      });
      return {
        quoteId: quote.id,
        versionId: current.id,
        version: current.version,
        token,
        url: `${this.link.publicUrl.replace(/\/+$/, '')}${ACCEPTANCE_PATH}/${token}`,
        expiresOn: current.validUntil,
      };
    });
  }

  /** Books the current version as a transaction in one transaction (availability re-checked: 409 with alternatives). */
  convert(em: EntityManager, principal: Principal, id: string, today: string): Promise<RentalQuote> {
    return em.transactional(async (tx) => {
      const quote = await findOr404(tx, RentalQuote, id, 'Rental quote', { lock: true });
      assertOpen(quote, today);
      const order = await bookQuote(tx, this.orders, principal, quote, await this.current(tx, quote));
      Object.assign(quote, { status: RentalQuoteStatus.converted, closedAt: clock.now() });
      quote.order = ref(order);
      return quote;
    });
  }

  /** The customer said no (recorded by a member): final. An expired quote may be declined too. */
  decline(em: EntityManager, id: string): Promise<RentalQuote> {
    return em.transactional(async (tx) => {
      const quote = await findOr404(tx, RentalQuote, id, 'Rental quote', { lock: true });
      if (!OPEN_QUOTE.includes(quote.status)) throw AppError.conflict(`The quote is already ${quote.status}`);
      Object.assign(quote, { status: RentalQuoteStatus.declined, declinedAt: clock.now() });
      return quote;
    });
  }

  private async current(tx: EntityManager, quote: RentalQuote): Promise<RentalQuoteVersion> {
    return tx.findOneOrFail(RentalQuoteVersion, { quote: quote.id, version: quote.version });
  }
}
