import type { RouteRow } from '../../../http/route-row';

export const apiKeyRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/api-keys',
    operation: 'apiKeys',
    tag: 'API keys',
    summary: 'API keys of your organization (admin, paginated; never the secrets)',
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    operation: 'createApiKey',
    body: 'input',
    status: 201,
    tag: 'API keys',
    summary: 'Create an API key (admin); the secret is in this response only',
    example: { name: 'Website integration', role: 'user' },
  },
  {
    method: 'DELETE',
    path: '/api/api-keys/:keyId',
    operation: 'revokeApiKey',
    params: { keyId: 'id' },
    tag: 'API keys',
    summary: 'Revoke an API key (admin): refused from the next request on',
  },
];
