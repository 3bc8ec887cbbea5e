import { IsBoolean, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { Notification } from './notification.entity';

export const NotificationPage = Paginated(Notification);

/** sortBy: createdAt (default, newest first), readAt, kind. search: title and body. */
@ArgsType()
export class NotificationListArgs extends ListArgs {
  @Field(() => Boolean, { nullable: true, description: 'true: unread only; false: read only' })
  @IsOptional()
  @IsBoolean()
  unread?: boolean;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(60) kind?: string;
}

@ObjectType()
export class MarkAllReadPayload {
  @Field(() => Int, { description: 'How many notifications were unread' }) updated: number;
}
