import type { Config } from './config';
import { DOCS_PATH } from '../rest-adapter/docs-page';
import { DEMO, TEAM } from './demo/team';
import { GRAPHIQL_PATH } from './graphql/graphiql-page';

/**
 * What `npm start` prints once the server listens: where to look (REST docs, the GraphQL IDE, metrics) and, with the
 * demo seeded, every demo login with its password and role (README, "Demo business").
 */
export function startBanner(config: Config): string[] {
  const base = `http://localhost:${config.port}`;
  const lines = [
    `CRM API on ${base}`,
    `  REST docs:   ${base}${DOCS_PATH}  (OpenAPI: ${base}/api/openapi.json)`,
    ...(config.graphqlSandbox
      ? [
          `  GraphQL IDE: ${base}${GRAPHIQL_PATH}  (GraphiQL, works offline; the API itself: POST /graphql)`,
          `               ${base}/graphql  (Apollo Sandbox, loaded from Apollo's CDN: needs the network)`,
        ]
      : [`  GraphQL:     ${base}/graphql  (the IDEs are off: GRAPHQL_SANDBOX)`]),
    config.metricsToken
      ? `  metrics:     ${base}/metrics  (Authorization: Bearer <METRICS_TOKEN>)`
      : `  metrics:     off (set METRICS_TOKEN to serve ${base}/metrics)`,
  ];
  if (!config.seedDemo) return lines;
  lines.push(`demo logins (organization "${DEMO.organization}"):`);
  const width = Math.max(...TEAM.map((m) => m.email.length));
  for (const m of TEAM) {
    lines.push(`  ${m.email.padEnd(width)}  ${m.password ?? DEMO.teamPassword}  (${m.role}: ${m.job})`);
  }
  return lines;
}
