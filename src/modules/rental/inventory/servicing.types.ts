import { IsOptional, Matches, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { METER, METER_MESSAGE } from './inventory.types';

/** Service done: the day (default today, not after), the meter then (default the unit's reading), a note. */
@InputType()
export class UnitServiceInput {
  @Field(() => String, { nullable: true, description: 'The day the service was done (YYYY-MM-DD); default today' })
  servicedOn?: string | null;

  @Field(() => String, { nullable: true, description: 'Meter reading at the service; becomes the unit’s reading' })
  @IsOptional()
  @Matches(METER, { message: `meterReading ${METER_MESSAGE}` })
  meterReading?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  notes?: string | null;
}
