import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { SortOrder, Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { AppError } from '../../../lib/errors';
import { User } from './user.entity';
import type { UserListArgs } from './user.types';

const LIST: ListSpec<User> = {
  searchFields: ['email', 'firstName', 'lastName'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    email: 'email',
    firstName: 'firstName',
    lastName: 'lastName',
    name: 'lastName',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.asc },
  dateField: 'createdAt',
};

/** Members of the caller's organization. The em is tenant-scoped, so another organization's user is "not found". */
export class UserService {
  list(em: EntityManager, args: UserListArgs): Promise<Page<PlainRow<User>>> {
    return listPage(em, User, args, LIST, args.role ? { role: args.role } : {}, { plain: true });
  }

  async get(em: EntityManager, id: string): Promise<User> {
    const user = await em.findOne(User, { id });
    if (!user) throw AppError.notFound('User');
    return user;
  }
}
