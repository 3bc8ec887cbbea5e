import { newId } from '../../../lib/ids';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../../lib/clock';
import type { NewPlant } from './new-plant';

/** The spec's Plant response: name and, when set, tag. */
export interface PlantView {
  name: string;
  tag?: string;
}

export class PlantService {
  /**
   * Stores the plant of the organization (table plants, entity Plant). Posting an id again replaces its
   * name and tag: the spec's row knows only 200 and 400. One atomic upsert, safe under concurrent posts.
   */
  async save(em: EntityManager, organizationId: string, input: NewPlant): Promise<PlantView> {
    const now = clock.now();
    const [row]: { name: string; tag: string | null }[] = await em.execute(
      `insert into plants (id, organization_id, plant_id, name, tag, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (organization_id, plant_id) do update set name = excluded.name, tag = excluded.tag, updated_at = excluded.updated_at
       returning name, tag`,
      [newId(), organizationId, input.id, input.name, input.tag ?? null, now, now],
    );
    return { name: row.name, ...(row.tag !== null ? { tag: row.tag } : {}) };
  }
}
