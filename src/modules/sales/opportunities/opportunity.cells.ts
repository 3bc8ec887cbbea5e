/**
 * The export columns of an opportunity that are not read from its own columns (RouteRow `exportCells`), in SQL as
 * GraphQL answers them: `stage` (OpportunityResolver.stage: the stage by id, in the caller's organization; none is
 * the list's error), `lines` (OpportunityResolver.lines: by position, then id, at most MAX_OPPORTUNITY_LINES) and
 * `transactionId` (the getter over `rentalOrder`). Members in the order of the list's selection (sales.routes.ts).
 */
import { columnMembers, jsonArray, jsonObject, jsonString, moneyText } from '../../../db/json-sql';
import type { ExportCell } from '../../../http/route-row';
import { MAX_OPPORTUNITY_LINES } from './opportunity.types';

/** `stage { id name probability isWon isLost }` */
const STAGE = jsonObject(columnMembers('s', 'id:ID! name:String! probability:Int! isWon:Boolean! isLost:Boolean!'));

/** `lines { id position itemId description quantity unitPrice amount }`: amount is formatMoney(unitPrice x quantity). */
const LINE = jsonObject([
  ...columnMembers('l', 'id:ID! position:Int! itemId:ID description:String quantity:Int! unitPrice:String!'),
  ['amount', jsonString(moneyText('l.unit_price * l.quantity')), true],
]);

const LINES =
  `(select * from opportunity_lines o where o.opportunity_id = r.id and o.organization_id = r.organization_id ` +
  `order by o.position, o.id limit ${MAX_OPPORTUNITY_LINES}) l`;

export const OPPORTUNITY_CELLS: Record<string, ExportCell> = {
  transactionId: 'r.rental_order_id',
  stage: `(select ${STAGE} from pipeline_stages s where s.id = r.stage_id and s.organization_id = r.organization_id)`,
  lines: jsonArray(LINE, LINES, 'l.position, l.id'),
};
