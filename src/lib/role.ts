import { registerEnumType } from 'type-graphql';

/** Enum values are the spec's wire values, so REST bodies carry "admin", not "ADMIN" (docs/decisions.md). */
export enum Role {
  user = 'user',
  admin = 'admin',
  super_admin = 'super_admin',
}
registerEnumType(Role, {
  name: 'Role',
  description: 'user: CRM data; admin: plus settings and team; super_admin: platform support',
});
