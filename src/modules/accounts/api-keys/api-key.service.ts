import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import type { Principal } from '../../../http/principal';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';
import { Role } from '../../../lib/role';
import { ApiKey } from './api-key.entity';
import type { ApiKeyListArgs, CreateApiKeyInput, CreatedApiKey } from './api-key.types';

export const API_KEY_PREFIX = 'crm_';

const LIST: ListSpec<ApiKey> = {
  searchFields: ['name', 'prefix'],
  sortable: { createdAt: 'createdAt', name: 'name', lastUsedAt: 'lastUsedAt', expiresAt: 'expiresAt' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

interface KeyRow {
  id: string;
  organization_id: string;
  role: Role;
  created_by_id: string;
  email: string;
}

export class ApiKeyService {
  constructor(private readonly tokens: OneTimeTokens) {}

  /** Only a person creates keys: a key cannot mint further keys. */
  async create(em: EntityManager, principal: Principal, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    if (principal.apiKeyId) throw AppError.forbidden('API keys cannot create API keys');
    if (input.expiresAt && input.expiresAt.getTime() <= clock.nowMs()) {
      throw AppError.validation([{ field: 'expiresAt', message: 'expiresAt must be in the future' }]);
    }
    const { token, digest } = this.tokens.issue(API_KEY_PREFIX);
    const apiKey = new ApiKey({
      organization: em.getReference(Organization, principal.organizationId, { wrapped: true }),
      name: input.name.trim(),
      role: input.role,
      prefix: token.slice(0, 12),
      keyDigest: digest,
      expiresAt: input.expiresAt,
      createdBy: em.getReference(User, principal.userId, { wrapped: true }),
    });
    await em.persistAndFlush(apiKey);
    return { apiKey, secret: token };
  }

  list(em: EntityManager, args: ApiKeyListArgs): Promise<Page<ApiKey>> {
    const active = { revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: clock.now() } }] };
    return listPage(em, ApiKey, args, LIST, args.state === 'all' ? {} : active);
  }

  /** Takes effect on the next request: authentication reads the key row every time. */
  async revoke(em: EntityManager, id: string): Promise<ApiKey> {
    const key = await em.findOne(ApiKey, { id });
    if (!key) throw AppError.notFound('API key');
    key.revokedAt ??= clock.now();
    await em.flush();
    return key;
  }

  /**
   * Resolves a bearer key to a principal (the key's organization and role, acting for its creator) and
   * records its last use, in one statement (crm_api_key_principal, migration 20261124000000: a function with its
   * own platform access; run it under `withConnectionAsIs`). Revoked, expired or unknown: undefined.
   */
  async resolve(em: EntityManager, token: string): Promise<Principal | undefined> {
    if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return undefined;
    const now = clock.now();
    const rows: KeyRow[] = await em.execute('select * from crm_api_key_principal(?, ?)', [
      this.tokens.digest(token),
      now,
    ]);
    const row = rows[0];
    return row
      ? {
          userId: row.created_by_id,
          organizationId: row.organization_id,
          role: row.role,
          email: row.email,
          apiKeyId: row.id,
        }
      : undefined;
  }
}
