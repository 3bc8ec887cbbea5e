import { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, parse } from 'graphql';
import type { QueryLimitConfig } from '../config';
import { AppError, ErrorCode } from '../lib/errors';
import { queryCost } from './query-cost';
import { QueryShape, selectOperation, shapeOf } from './query-shape';

/** A parsed document, its operation and its shape: what does not depend on the variables, cached per text. */
export interface ParsedQuery {
  document: DocumentNode;
  operation?: OperationDefinitionNode;
  shape?: QueryShape;
}

const CACHE_MAX = 1000;

/**
 * The limits every operation obeys before anything runs, whether it comes through /graphql or is a REST row
 * (docs/decisions.md, "Query limits"): a token budget for the parser, then the shape (depth, aliases, root
 * fields), then the cost (graphql/query-cost.ts). Each refusal is a 400 AppError whose message says the
 * measure and the limit.
 */
export class QueryLimits {
  private readonly cache = new Map<string, ParsedQuery>();

  constructor(
    private readonly schema: GraphQLSchema,
    readonly limits: QueryLimitConfig,
  ) {}

  /** Parses with the token budget; a syntax error is left to Apollo (undefined), an oversized document is refused. */
  parse(source: string, operationName?: string | null): ParsedQuery | undefined {
    const key = `${operationName ?? ''}\n${source}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    let document: DocumentNode;
    try {
      document = parse(source, { maxTokens: this.limits.maxTokens, noLocation: true });
    } catch (e) {
      // graphql-js: "Document contains more that N tokens. Parsing aborted." (sic)
      if (e instanceof GraphQLError && /tokens\. Parsing aborted/.test(e.message)) {
        throw new AppError(ErrorCode.QUERY_TOO_LARGE, `query has more than ${this.limits.maxTokens} tokens`);
      }
      return undefined;
    }
    const operation = selectOperation(document, operationName);
    const parsed: ParsedQuery = { document, operation, shape: operation && shapeOf(document, operation) };
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, parsed);
    return parsed;
  }

  /** Refuses an operation that nests deeper, or has more aliases or root fields, than the limits allow. */
  checkShape(shape: QueryShape): void {
    const { maxDepth, maxAliases, maxRootFields } = this.limits;
    if (shape.depth > maxDepth)
      throw new AppError(ErrorCode.QUERY_TOO_DEEP, `query depth ${shape.depth} exceeds the limit of ${maxDepth}`);
    if (shape.aliases > maxAliases)
      throw new AppError(
        ErrorCode.QUERY_TOO_BROAD,
        `query has ${shape.aliases} aliases, more than the limit of ${maxAliases}`,
      );
    if (shape.rootFields > maxRootFields)
      throw new AppError(
        ErrorCode.QUERY_TOO_BROAD,
        `query has ${shape.rootFields} root fields, more than the limit of ${maxRootFields}`,
      );
  }

  /**
   * The operation's cost with these variables; over the limit is refused. Variables that do not fit the
   * operation give undefined: execution reports them with its own precise error.
   */
  cost(
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
    operationName?: string | null,
    schema = this.schema,
  ): number | undefined {
    let cost: number;
    try {
      // Each fragment expansion is a node: a document that expands exponentially stops at a few times the token budget.
      cost = queryCost(schema, document, variables, operationName ?? undefined, this.limits.maxTokens * 4);
    } catch (e) {
      if (e instanceof GraphQLError && /maximum allowed number of nodes/.test(e.message)) {
        throw new AppError(ErrorCode.QUERY_TOO_COMPLEX, 'query expands to too many fields');
      }
      return undefined;
    }
    if (cost > this.limits.maxCost)
      throw new AppError(ErrorCode.QUERY_TOO_COMPLEX, `query cost ${cost} exceeds the limit of ${this.limits.maxCost}`);
    return cost;
  }
}
