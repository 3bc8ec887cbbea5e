import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { ListArgs, Paginated } from '../../db/pagination';
import { BackgroundJob, BackgroundJobStatus } from './background-job.entity';

@ArgsType()
export class JobListArgs extends ListArgs {
  @Field({ nullable: true, description: 'Only jobs of this kind (customer_import, list_export)' })
  @IsOptional()
  @MaxLength(64)
  kind?: string;

  @Field(() => BackgroundJobStatus, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(BackgroundJobStatus))
  status?: BackgroundJobStatus;
}

export const BackgroundJobPage = Paginated(BackgroundJob);
