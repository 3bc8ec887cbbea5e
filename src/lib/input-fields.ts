import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MONEY, MONEY_MESSAGE } from './money';
import { Field, ID, type FieldOptions } from 'type-graphql';

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

/**
 * An optional id input (`ID`, nullable): absent or null passes, anything else must be a UUID, refused with a message
 * that names the field. `options` adds to the GraphQL field (a description).
 */
export function OptionalId(field: string, options: Omit<FieldOptions, 'nullable'> = {}): PropertyDecorator {
  return compose(
    Field(() => ID, { nullable: true, ...options }),
    IsOptional(),
    IsUUID('all', { message: `${field} must be a UUID` }),
  );
}

/**
 * An optional money input (a decimal string with at most two decimals, `String`, nullable): absent or null passes,
 * anything else must match MONEY, refused with a message that names the field.
 */
export function OptionalMoney(field: string, options: Omit<FieldOptions, 'nullable'> = {}): PropertyDecorator {
  return compose(
    Field(() => String, { nullable: true, ...options }),
    IsOptional(),
    Matches(MONEY, { message: `${field} ${MONEY_MESSAGE}` }),
  );
}
