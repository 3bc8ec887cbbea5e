import { IsInt, IsOptional, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { MaintenanceHold } from './maintenance-hold.entity';
import { MAX_QUANTITY } from './inventory.types';

export const MaintenanceHoldPage = Paginated(MaintenanceHold);

@InputType()
export class MaintenanceHoldInput {
  @Field(() => Int, { description: 'Units out of service; at most the quantity owned' })
  @IsInt()
  @Min(1, { message: 'quantity must be 1 or more' })
  @Max(MAX_QUANTITY)
  quantity: number;

  @Field({ description: 'First day out of service (YYYY-MM-DD)' })
  startDate: string;

  @Field(() => String, {
    nullable: true,
    description: 'Last day out of service (YYYY-MM-DD, inclusive); absent or null: open-ended',
  })
  endDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string | null;
}

/** Absent: unchanged; endDate null makes the hold open-ended again. */
@InputType()
export class MaintenanceHoldUpdateInput {
  @Field(() => Int, { nullable: true })
  @ValidateIf((o: MaintenanceHoldUpdateInput) => o.quantity !== undefined)
  @IsInt()
  @Min(1, { message: 'quantity must be 1 or more' })
  @Max(MAX_QUANTITY)
  quantity?: number;

  @Field(() => String, { nullable: true })
  startDate?: string;

  @Field(() => String, { nullable: true, description: 'e.g. the day the units came back into service' })
  endDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string | null;
}

/** sortBy: startDate, endDate, createdAt. startDate/endDate of the list filter creation days, as on every list. */
@ArgsType()
export class MaintenanceHoldListArgs extends ListArgs {}
