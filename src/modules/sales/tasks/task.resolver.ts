import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { SalesContext } from '../sales.services';
import type { Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { DeletePayload } from '../../../lib/fields';
import { User } from '../../accounts/users/user.entity';
import { Task } from './task.entity';
import { TaskInput, TaskListArgs, TaskPage, TaskUpdateInput } from './task.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Task)
export class TaskResolver {
  @Guard(isAuthenticated)
  @Query(() => TaskPage, {
    description:
      'Tasks (paginated; status, priority, assigneeId/ownerId, contactId, customerId, opportunityId, due-date range, overdue)',
  })
  async tasks(@Args() args: TaskListArgs, @Ctx() ctx: SalesContext): Promise<Page<Task>> {
    return ctx.services.tasks.list(ctx.em, args, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Query(() => Task)
  task(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<Task> {
    return ctx.services.tasks.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Task, { description: 'Any member may create a task; emits task.created' })
  createTask(@Arg('input') input: TaskInput, @Ctx() ctx: SalesContext): Promise<Task> {
    return ctx.services.tasks.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Task)
  updateTask(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: TaskUpdateInput,
    @Ctx() ctx: SalesContext,
  ): Promise<Task> {
    return ctx.services.tasks.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Task, { description: 'open -> completed; 409 when already completed; emits task.completed' })
  completeTask(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<Task> {
    return ctx.services.tasks.complete(ctx.em, ctx.principal, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteTask(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<DeletePayload> {
    return ctx.services.tasks.delete(ctx.em, id);
  }

  @FieldResolver(() => User, { nullable: true })
  assignee(@Root() task: Task, @Ctx() ctx: Context): Promise<PlainRow<User> | null> | null {
    return task.assigneeId ? ctx.loaders.rowsById(User).load(task.assigneeId) : null;
  }
}
