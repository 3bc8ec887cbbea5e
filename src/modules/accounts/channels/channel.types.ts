import { IsEnum, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { E164 } from '../organizations/settings.validators';
import { OrganizationPhoneNumber } from './phone-number.entity';

/** The providers whose inbound webhooks the service accepts (docs/communications.md). */
export enum InboundProvider {
  generic = 'generic',
  postmark = 'postmark',
  twilio = 'twilio',
}
registerEnumType(InboundProvider, {
  name: 'InboundProvider',
  description:
    'generic: the documented JSON shapes, signed with X-Webhook-Signature; postmark: inbound email JSON; twilio: recording and messaging callbacks (X-Twilio-Signature, keyed with the auth token)',
});

@ObjectType({ description: 'Whether a webhook secret is configured for a provider; its value is never returned' })
export class WebhookSecretStatus {
  @Field(() => InboundProvider) provider: InboundProvider;
  @Field({ description: "Set for this organization (else the deployment's secret, if any, is used)" })
  configured: boolean;
}

@ObjectType({ description: 'Where providers deliver inbound email, calls and SMS for this organization' })
export class ChannelSettings {
  @Field({ description: 'Mail sent (or forwarded) here lands on this organization; read-only' })
  inboundEmailAddress: string;
  @Field(() => [OrganizationPhoneNumber]) phoneNumbers: OrganizationPhoneNumber[];
  @Field(() => [WebhookSecretStatus]) webhookSecrets: WebhookSecretStatus[];
}

@InputType()
export class AddPhoneNumberInput {
  @Field()
  @IsString({ message: 'number must be a string' })
  @Matches(E164, { message: 'number must be in E.164 format, e.g. +14155550123' })
  number: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'label must be a string' })
  @MaxLength(100)
  label?: string | null;
}

@InputType()
export class SetWebhookSecretInput {
  @Field(() => InboundProvider)
  @IsEnum(InboundProvider, { message: 'provider must be generic, postmark or twilio' })
  provider: InboundProvider;

  @Field({ description: 'The shared secret (Twilio: the account auth token); stored encrypted, never returned' })
  @IsString({ message: 'secret must be a string' })
  @IsNotEmpty({ message: 'secret must not be empty' })
  @MaxLength(1000)
  secret: string;
}
