import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '../../../db/pagination';

/** One organization of the service, as the platform's super admins see it. */
@ObjectType()
export class OrganizationSummary {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() createdAt: Date;
  @Field(() => Int, { description: 'Members of the organization' }) userCount: number;
}

export const OrganizationSummaryPage = Paginated(OrganizationSummary);
