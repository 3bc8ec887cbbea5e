import { IsNotEmpty, IsUUID, IsOptional, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';

@InputType()
export class OutboundEmailInput {
  @Field() @IsNotEmpty({ message: 'subject is required' }) @MaxLength(500) subject: string;
  @Field() @IsNotEmpty({ message: 'text is required' }) @MaxLength(100000) text: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'opportunityId must be a UUID' })
  opportunityId?: string | null;
}

@InputType()
export class OutboundSmsInput {
  @Field({ description: '1600 characters at most (10 segments)' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(1600)
  body: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'opportunityId must be a UUID' })
  opportunityId?: string | null;
}
