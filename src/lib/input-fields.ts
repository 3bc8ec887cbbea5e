import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Field } from 'type-graphql';

/** Several decorators as one. */
function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** A required, non-blank GraphQL string input of at most `max` characters, with messages that name the field. */
export function RequiredText(field: string, max: number): PropertyDecorator {
  return compose(
    Field(),
    IsString(),
    IsNotEmpty({ message: `${field} is required` }),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
  );
}
