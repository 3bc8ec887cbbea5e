/**
 * GraphQL operation types for the typed client, from the committed schema.graphql and the operations in
 * src/operations (run from the repository root: `npm run client:generate`). `documentMode: 'string'`: the
 * generated documents are typed strings, so the client needs no GraphQL library at run time.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'clients/typescript/src/operations/*.graphql',
  generates: {
    'clients/typescript/src/generated/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', JSONObject: 'Record<string, unknown>' },
      },
    },
  },
  silent: true,
};

export default config;
