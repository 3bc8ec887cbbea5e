import { BigIntType, Entity, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';
import type { Ref } from '@mikro-orm/core';

/** The spec's sample plant, per organization. `plantId` is the caller's int64 id (kept as a decimal string: exact). */
@Entity({ tableName: 'plants' })
@Unique({ properties: ['organization', 'plantId'] })
export class Plant extends TenantEntity {
  @Property({ type: new BigIntType('string') })
  plantId: string;

  @Property({ length: 200 })
  name: string;

  @Property({ length: 100, nullable: true })
  tag?: string;

  constructor(props: { organization: Ref<Organization>; plantId: string; name: string; tag?: string }) {
    super();
    this.organization = props.organization;
    this.plantId = props.plantId;
    this.name = props.name;
    this.tag = props.tag;
  }
}
