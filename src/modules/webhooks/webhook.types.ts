import { ArrayMaxSize, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { DeliveryStatus, WebhookDelivery } from '../../events/webhook-delivery.entity';
import { WebhookAttempt } from '../../events/webhook-attempt.entity';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { ListArgs, Paginated } from '../../db/pagination';
import { WebhookSubscription } from '../../events/webhook-subscription.entity';

/** More kinds than any subscription needs; each must be a kind a module declares (checked by WebhookService). */
const MAX_KINDS = 100;

@InputType()
export class WebhookSubscriptionInput {
  @Field({ description: 'http(s) URL; private, loopback and link-local addresses are refused' })
  @IsString()
  @MaxLength(2000)
  url: string;

  @Field(() => [String], { nullable: true, description: 'Event kinds to send; omitted or empty: every kind' })
  @IsOptional()
  @ArrayMaxSize(MAX_KINDS)
  @IsString({ each: true })
  events?: string[];

  @Field({ nullable: true, description: 'Default true' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}

/** Every field optional: only the fields sent change. `active: true` re-enables a disabled subscription. */
@InputType()
export class WebhookSubscriptionUpdateInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @Field(() => [String], { nullable: true, description: 'Empty: every kind' })
  @IsOptional()
  @ArrayMaxSize(MAX_KINDS)
  @IsString({ each: true })
  events?: string[];

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}

/** The only place a secret is ever returned: the create and rotate responses. */
@ObjectType()
export class WebhookSecretPayload {
  @Field(() => WebhookSubscription)
  subscription: WebhookSubscription;

  @Field({ description: 'Signing secret; shown once, store it now' })
  secret: string;
}

@ObjectType()
export class WebhookDeletedPayload {
  @Field(() => ID) id: string;
  @Field() deleted: boolean;
}

@ArgsType()
export class WebhookSubscriptionListArgs extends ListArgs {
  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** Deliveries or attempts of one subscription and/or one event (at least one of the two). */
@ArgsType()
export class WebhookLogArgs extends ListArgs {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  subscriptionId?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  eventId?: string;
}

@ArgsType()
export class WebhookDeliveryListArgs extends WebhookLogArgs {
  @Field(() => DeliveryStatus, { nullable: true })
  @IsOptional()
  status?: DeliveryStatus;
}

@ArgsType()
export class WebhookEventListArgs extends ListArgs {
  @Field({ nullable: true, description: 'Only events of this kind (or ping)' })
  @IsOptional()
  @MaxLength(64)
  event?: string;
}

export const WebhookSubscriptionPage = Paginated(WebhookSubscription);
export const WebhookDeliveryPage = Paginated(WebhookDelivery);
export const WebhookAttemptPage = Paginated(WebhookAttempt);
export const WebhookEventPage = Paginated(OutboxEvent, 'WebhookEventPage');
