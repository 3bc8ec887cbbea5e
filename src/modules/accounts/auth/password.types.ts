import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.types';

const NewPassword =
  (name: string): PropertyDecorator =>
  (target, key) => {
    IsString()(target, key);
    MinLength(PASSWORD_MIN, { message: `${name} must be at least ${PASSWORD_MIN} characters` })(target, key);
    MaxLength(PASSWORD_MAX)(target, key);
  };

@InputType()
export class ForgotPasswordInput {
  @Field()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320)
  email: string;
}

@InputType()
export class ResetPasswordInput {
  @Field({ description: 'The token of the reset mail' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @Field()
  @NewPassword('password')
  password: string;
}

@InputType()
export class ChangePasswordInput {
  @Field()
  @IsString()
  @IsNotEmpty({ message: 'currentPassword is required' })
  @MaxLength(PASSWORD_MAX)
  currentPassword: string;

  @Field()
  @NewPassword('newPassword')
  newPassword: string;
}
