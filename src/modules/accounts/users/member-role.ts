import { registerEnumType } from 'type-graphql';

/** The roles an organization can give its members and API keys. super_admin is granted only by the platform (scripts/create-super-admin.ts). */
export enum MemberRole {
  user = 'user',
  admin = 'admin',
}
registerEnumType(MemberRole, { name: 'MemberRole', description: 'Roles an admin can give: user or admin' });
