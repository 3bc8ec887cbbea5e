import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A background job reports progress: what its publisher said (rows read, written, ...)' })
export class JobProgress {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLJSONObject, { description: 'The progress as the job published it (ids and counters)' })
  progress: Record<string, unknown>;
}

@ArgsType()
export class EventStreamArgs {
  @Field(() => [String], {
    nullable: true,
    description: 'Only these event kinds (e.g. lead.created); every kind when left out',
  })
  kinds?: string[];
}
