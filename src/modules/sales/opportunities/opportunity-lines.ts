import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { isUuid } from '../../../db/find-or-404';
import { formatMoney } from '../../../lib/money';
import { InventoryItem } from '../../rental/inventory/inventory-item.entity';
import type { Opportunity } from './opportunity.entity';
import { OpportunityLine } from './opportunity-line.entity';
import type { OpportunityLineInput } from './opportunity.types';

/**
 * Replaces the opportunity's lines with `inputs`: each line is an inventory item of the caller's
 * organization (404 naming the line otherwise) or a free-text description. Returns the new lines.
 */
export async function replaceLines(
  tx: EntityManager,
  opp: Opportunity,
  inputs: OpportunityLineInput[],
  existing: OpportunityLine[] = [],
): Promise<OpportunityLine[]> {
  const missingText: FieldError[] = inputs.flatMap((l, i) =>
    l.itemId || l.description?.trim()
      ? []
      : [{ field: `lines.${i}.description`, message: 'a line needs an itemId or a description' }],
  );
  if (missingText.length) throw AppError.validation(missingText);
  const ids = [...new Set(inputs.map((l) => l.itemId).filter((id): id is string => Boolean(id)))];
  const items = ids.length ? await tx.find(InventoryItem, { id: { $in: ids.filter(isUuid) } }) : [];
  const byId = new Map(items.map((i) => [i.id, i]));
  const missing: FieldError[] = inputs.flatMap((l, i) =>
    l.itemId && !byId.has(l.itemId) ? [{ field: `lines.${i}.itemId`, message: 'not found' }] : [],
  );
  if (missing.length)
    throw new AppError(ErrorCode.NOT_FOUND, 'An itemId does not name an inventory item of your organization', missing);

  existing.forEach((l) => tx.remove(l));
  return inputs.map((l, position) => {
    const item = l.itemId ? (byId.get(l.itemId) ?? null) : null; // every itemId was found above
    const line = new OpportunityLine(opp.organization, opp, {
      position,
      quantity: l.quantity,
      unitPrice: formatMoney(l.unitPrice),
      description: l.description?.trim() || item?.name || null,
      item,
    });
    tx.persist(line);
    return line;
  });
}

/** Sum of quantity x unitPrice over the lines, exact. */
export function linesTotal(lines: OpportunityLine[]): string {
  return formatMoney(lines.reduce((sum, l) => sum.plus(new Decimal(l.unitPrice).times(l.quantity)), new Decimal(0)));
}

/** The same sum over line inputs not yet stored (a proposal's lines). */
export function sumLines(inputs: Array<Pick<OpportunityLineInput, 'quantity' | 'unitPrice'>>): string {
  return formatMoney(inputs.reduce((sum, l) => sum.plus(new Decimal(l.unitPrice).times(l.quantity)), new Decimal(0)));
}
