import { Field, Float, Int, ObjectType } from 'type-graphql';
import { SentimentLabel } from './activity.entity';

@ObjectType('SentimentPoint')
export class SentimentPointType {
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field(() => Float) score: number;
}

/** A contact's sentiment over its communications (docs/ai.md, "Sentiment"). */
@ObjectType()
export class ContactSentiment {
  @Field(() => Int, { description: 'Activities with a sentiment' }) count: number;
  @Field(() => Float, { nullable: true }) average: number | null;
  @Field(() => Float, { nullable: true, description: 'Average of the last 30 days before the latest point' })
  recentAverage: number | null;
  @Field(() => SentimentLabel, { nullable: true }) label: SentimentLabel | null;
  @Field(() => Float, { nullable: true, description: 'Least-squares slope per 30 days' }) slopePer30Days: number | null;
  @Field({ description: 'improving, declining, stable or insufficient_data (fewer than 3 points)' }) direction: string;
  @Field(() => SentimentPointType, { nullable: true }) latest: SentimentPointType | null;
  @Field(() => [SentimentPointType], { description: 'The last 100 points, oldest first' }) points: SentimentPointType[];
}
