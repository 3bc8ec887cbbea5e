import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { AppError, ErrorCode } from '../lib/errors';
import type { Context } from './context';

/**
 * Makes every resolver that does work (a field with its own resolve function: root fields, relations, computed
 * fields) refuse to start once the request's deadline has passed, so an execution that outlives it stops at the
 * next such field instead of running to its end with nobody waiting. Plain property fields keep graphql-js's
 * default resolver: they only read what a resolver already returned. The schema is changed in place.
 */
export function stopAtDeadline(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve) continue;
      field.resolve = (source, args, context: Context, info) => {
        if (context.deadline !== undefined && Date.now() > context.deadline)
          throw new AppError(ErrorCode.REQUEST_TIMEOUT, 'The request ran past its deadline');
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
