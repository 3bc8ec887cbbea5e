import { AppError, ErrorCode } from '../../../lib/errors';
import { LeadStatus } from './lead.entity';

/**
 * The allowed status moves of a lead (docs/crm.md). `converted` is reached only through
 * POST /api/leads/:id/convert (from any other status) and is terminal; `lost` can be reopened as `new`.
 */
export const LEAD_MOVES: Record<LeadStatus, LeadStatus[]> = {
  [LeadStatus.new]: [LeadStatus.contacted, LeadStatus.qualified, LeadStatus.lost],
  [LeadStatus.contacted]: [LeadStatus.qualified, LeadStatus.negotiation, LeadStatus.lost],
  [LeadStatus.qualified]: [LeadStatus.contacted, LeadStatus.negotiation, LeadStatus.lost],
  [LeadStatus.negotiation]: [LeadStatus.qualified, LeadStatus.lost],
  [LeadStatus.lost]: [LeadStatus.new],
  [LeadStatus.converted]: [],
};

/** 409 naming the allowed moves when `to` is not one of them (staying in the same status is allowed). */
export function assertLeadMove(from: LeadStatus, to: LeadStatus): void {
  if (from === to && from !== LeadStatus.converted) return;
  if (to === LeadStatus.converted) {
    throw new AppError(ErrorCode.CONFLICT, 'A lead becomes converted only through POST /api/leads/:id/convert', [
      { field: 'status', message: 'use the convert operation' },
    ]);
  }
  const allowed = LEAD_MOVES[from];
  if (!allowed.includes(to)) {
    const message =
      from === LeadStatus.converted
        ? 'The lead is converted; converted is terminal'
        : `A lead cannot move from ${from} to ${to}; allowed: ${allowed.join(', ')}`;
    throw new AppError(ErrorCode.CONFLICT, message, [{ field: 'status', message }]);
  }
}
