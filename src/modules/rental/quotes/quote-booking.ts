import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../http/principal';
import { AppError, ErrorCode, FieldError, isAppError } from '../../../lib/errors';
import { availabilityRows } from '../inventory/availability.query';
import type { RentalOrder } from '../orders/rental-order.entity';
import type { RentalOrderService } from '../orders/rental-order.service';
import { RentalQuoteLine } from './rental-quote-line.entity';
import type { RentalQuoteVersion } from './rental-quote-version.entity';
import { OPEN_QUOTE, type RentalQuote } from './rental-quote.entity';

/** How many other items of the same category a 409 proposes per short line. */
const ALTERNATIVES = 3;

interface Wanted {
  itemId: string;
  quantity: number;
  /** The first quote line of the item (error fields name quote lines). */
  position: number;
  category: string | null;
}

/** 409 unless the quote is open (draft, sent) and its current version still stands on the organization's `today`. */
export function assertOpen(quote: RentalQuote, today: string): void {
  if (!OPEN_QUOTE.includes(quote.status))
    throw AppError.conflict(
      `The quote is already ${quote.status}${quote.orderId ? ` (transaction ${quote.orderId})` : ''}`,
    );
  if (quote.validUntil < today)
    throw AppError.conflict(`The quote expired: it stood until ${quote.validUntil} (today is ${today})`);
}

/** The order's text: where the quote came from, the delivery, the quote's notes (at most the order's 2,000 characters). */
function orderNotes(quote: RentalQuote, version: RentalQuoteVersion): string {
  const delivery = version.deliveryAddress ? `Delivery to ${version.deliveryAddress}.` : 'Customer pickup.';
  return [`From quote ${quote.id}, version ${version.version}.`, delivery, version.notes ?? '']
    .join(' ')
    .trim()
    .slice(0, 2000);
}

/**
 * Other active items of each short line's category that are free for the whole rental (at least the wanted
 * quantity every day), as `lines.<n>.alternatives` details.
 */
async function alternatives(
  tx: EntityManager,
  organizationId: string,
  short: Wanted[],
  range: { startDate: string; endDate: string },
): Promise<FieldError[]> {
  const out: FieldError[] = [];
  for (const w of short) {
    const rows = await availabilityRows(tx, {
      organizationId,
      ...range,
      category: w.category ?? undefined,
      activeOnly: true,
      page: { limit: 50, offset: 0 },
    });
    const least = new Map<string, { name: string; itemNumber: string; available: number }>();
    for (const r of rows) {
      if (r.item_id === w.itemId) continue;
      const seen = least.get(r.item_id);
      if (!seen) least.set(r.item_id, { name: r.name, itemNumber: r.item_number, available: r.available });
      else seen.available = Math.min(seen.available, r.available);
    }
    const fit = [...least.entries()].filter(([, a]) => a.available >= w.quantity).slice(0, ALTERNATIVES);
    out.push(
      ...fit.map(([id, a]) => ({
        field: `lines.${w.position}.alternatives`,
        message: `${a.itemNumber} (${a.name}): ${a.available} available (itemId ${id})`,
      })),
    );
  }
  return out;
}

/**
 * Books the quote's current version as a rental order through the order service (RentalOrderService.create: its
 * locks, availability re-check, pricing and events), inside the caller's transaction. Lines of one item (bulk and
 * named units) become one order line; a named unit is a request the desk honours at check-out. A 409 for units
 * no longer available names the quote's lines and adds the catalog's alternatives.
 */
export async function bookQuote(
  tx: EntityManager,
  orders: RentalOrderService,
  principal: Principal,
  quote: RentalQuote,
  version: RentalQuoteVersion,
): Promise<RentalOrder> {
  const lines = await tx.find(
    RentalQuoteLine,
    { version: version.id },
    { orderBy: { position: 'asc' }, populate: ['item'] },
  );
  const wanted: Wanted[] = [];
  for (const l of lines) {
    const same = wanted.find((w) => w.itemId === l.item.id);
    if (same) same.quantity += l.quantity;
    else
      wanted.push({
        itemId: l.item.id,
        quantity: l.quantity,
        position: l.position,
        category: l.item.getEntity().category,
      });
  }
  const input = {
    customerId: quote.customer.id,
    pickupDate: version.pickupDate,
    returnDate: version.returnDate,
    lines: wanted.map((w) => ({ itemId: w.itemId, quantity: w.quantity })),
    notes: orderNotes(quote, version),
    // the charges chosen on the version: the order computes the same figures (orders/billing/order-billing.ts)
    waiverOptOut: version.waiverOptOut,
    delivery: version.delivery,
    pickup: version.pickup,
    deliveryZone: version.deliveryZone,
  };
  try {
    return await orders.create(tx, principal, input);
  } catch (e) {
    if (!isAppError(e) || e.code !== ErrorCode.CONFLICT) throw e;
    const renamed = (e.details ?? []).map((d) => ({
      field: d.field.replace(/^lines\.(\d+)\./, (_m, n: string) => `lines.${wanted[Number(n)]?.position ?? n}.`),
      message: d.message,
    }));
    const shortLines = wanted.filter((_w, i) => e.details?.some((d) => d.field === `lines.${i}.quantity`));
    const range = { startDate: version.pickupDate, endDate: version.returnDate };
    const extra = await alternatives(tx, principal.organizationId, shortLines, range);
    const offer = extra.length
      ? `; alternatives: ${extra.map((a) => a.message).join('; ')}`
      : shortLines.length
        ? '; no other item of the same category is free for these days'
        : '';
    throw new AppError(ErrorCode.CONFLICT, `${e.message}${offer}`, [...renamed, ...extra]);
  }
}
