import { IsNotEmpty, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { OptionalId } from '../../../lib/input-fields';

@InputType()
export class OutboundEmailInput {
  @Field() @IsNotEmpty({ message: 'subject is required' }) @MaxLength(500) subject: string;
  @Field() @IsNotEmpty({ message: 'text is required' }) @MaxLength(100000) text: string;

  @OptionalId('opportunityId')
  opportunityId?: string | null;
}

@InputType()
export class OutboundSmsInput {
  @Field({ description: '1600 characters at most (10 segments)' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(1600)
  body: string;

  @OptionalId('opportunityId')
  opportunityId?: string | null;
}
