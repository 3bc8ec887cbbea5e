import {
  getNullableType,
  isEnumType,
  isNonNullType,
  isScalarType,
  type GraphQLEnumType,
  type GraphQLObjectType,
  type GraphQLScalarType,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/**
 * A field that only reads a property of its row and serializes it: what graphql-js would answer for it, without
 * running its resolver. `read` answers the field's value for a row; it throws (a TypeError, the scalar's or the
 * enum's own error) where graphql-js would answer a field error (a null in a non-null field, a value the type refuses).
 */
export interface PlainField {
  read(row: object): unknown;
  /** The property it reads (a getter's name for a getter). */
  property: string;
  /** It reads a getter of the row's class, not a stored property. */
  getter: boolean;
  /** Its type, which serializes the value. */
  type: GraphQLScalarType | GraphQLEnumType;
  nonNull: boolean;
}

/** A class, as type-graphql's metadata names it (its `target`). */
type Class = abstract new (...args: never[]) => object;

/** The classes a type's fields may be declared on: the type's class, its superclasses and its interfaces'. */
function declaringClasses(target: unknown, interfaces: unknown[] = []): Class[] {
  const chain: Class[] = [];
  for (const start of [target, ...interfaces] as Class[])
    for (let c: Class | null = start; c && c !== Function.prototype; c = Object.getPrototypeOf(c) as Class | null)
      if (!chain.includes(c)) chain.push(c);
  return chain;
}

/**
 * The field `name` of `type` as a PlainField, or undefined when graphql-js must run it: it has a resolver of its own
 * (an `@FieldResolver`, a method), arguments, middlewares or an authorization role, or its type is not a scalar or an
 * enum (an object, a list). A plain field is a property (type-graphql's basic resolver: `row[property]`) or a getter
 * of the type's class (type-graphql's resolver of an `@Field` getter reads it on the row, an instance of the class),
 * each run through the schema's deadline wrapper (src/graphql/deadline-fields.ts) only; the schema is built with no
 * global middlewares (src/graphql/schema.ts) and the shield and the audit note guard root fields only. Whatever is
 * not known to be plain is not: a field found nowhere in type-graphql's metadata answers undefined.
 */
export function plainField(type: GraphQLObjectType, name: string): PlainField | undefined {
  const field = type.getFields()[name];
  if (!field || field.args.length) return undefined;
  const leaf = getNullableType(field.type);
  if (!isScalarType(leaf) && !isEnumType(leaf)) return undefined;
  const storage = getMetadataStorage();
  // the last one of the name: type-graphql's storage is global, and a test process loads the classes more than once
  const objectType = [...storage.objectTypes].reverse().find((o) => o.name === type.name);
  if (!objectType) return undefined;
  const classes = declaringClasses(objectType.target, objectType.interfaceClasses);
  const declared = classes
    .map((c) => storage.fields.find((f) => f.target === c && f.schemaName === name))
    .find((f) => f !== undefined);
  if (!declared || declared.middlewares?.length || declared.roles || declared.params?.length) return undefined;
  const resolvers = storage.fieldResolvers.filter(
    (r) =>
      (r.schemaName === name || r.methodName === declared.name) &&
      classes.includes((r.getObjectType?.() ?? r.target) as Class),
  );
  if (resolvers.length > 1) return undefined;
  const getterOf = resolvers[0] && getterClass(resolvers[0]);
  if (resolvers.length && !getterOf) return undefined;
  const property = declared.name;
  const leafType = leaf as GraphQLScalarType | GraphQLEnumType;
  const serialize = leafType.serialize.bind(leafType);
  const nonNull = isNonNullType(field.type);
  return {
    property,
    getter: Boolean(getterOf),
    type: leafType,
    nonNull,
    read(row) {
      // type-graphql reads a getter on an instance of its class (a row that is not one would be converted first)
      if (getterOf && !(row instanceof getterOf)) throw new TypeError(`${type.name}.${name}: not a ${getterOf.name}`);
      const value = (row as Record<string, unknown>)[property];
      if (value === null || value === undefined) {
        if (nonNull) throw new TypeError(`${type.name}.${name}: null in a non-null field`);
        return null;
      }
      if (value instanceof Error || typeof (value as { then?: unknown }).then === 'function')
        throw new TypeError(`${type.name}.${name}: not a plain value`);
      const out: unknown = serialize(value);
      if (out === null || out === undefined) throw new TypeError(`${type.name}.${name}: serialized to nothing`);
      return out;
    },
  };
}

/** The class of an `@Field` getter (type-graphql's "internal" field resolver without a method), else undefined. */
function getterClass(resolver: {
  kind: 'internal' | 'external';
  target: unknown;
  methodName: string;
  params?: unknown[];
  middlewares?: unknown[];
  roles?: unknown[];
}): Class | undefined {
  if (resolver.kind !== 'internal' || resolver.params?.length || resolver.middlewares?.length || resolver.roles)
    return undefined;
  const target = resolver.target as Class;
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, resolver.methodName);
  return descriptor?.get && !('value' in descriptor) ? target : undefined;
}
