import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../../db/pagination';
import { Guard } from '../../graphql/guard';
import { isAuthenticated } from '../../graphql/rules';
import { BackgroundJob } from './background-job.entity';
import { BackgroundJobPage, JobListArgs } from './background-job.types';
import type { JobsContext } from './jobs.services';

/** Background jobs: /api/jobs (docs/jobs.md). A member sees their own jobs, an admin every job. */
@Resolver(() => BackgroundJob)
export class BackgroundJobResolver {
  @Guard(isAuthenticated)
  @Query(() => BackgroundJob, { description: 'One background job: status, counters, report or error' })
  job(@Arg('id', () => ID) id: string, @Ctx() ctx: JobsContext): Promise<BackgroundJob> {
    return ctx.services.backgroundJobs.get(ctx.em, ctx.principal, id);
  }

  @Guard(isAuthenticated)
  @Query(() => BackgroundJobPage, { description: 'Background jobs, newest first (kind, status filters)' })
  jobs(@Args() args: JobListArgs, @Ctx() ctx: JobsContext): Promise<Page<BackgroundJob>> {
    return ctx.services.backgroundJobs.list(ctx.em, ctx.principal, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => BackgroundJob, {
    description: 'Cancel a queued or running job: nothing of it is written (409 once it has finished)',
  })
  cancelJob(@Arg('id', () => ID) id: string, @Ctx() ctx: JobsContext): Promise<BackgroundJob> {
    return ctx.services.backgroundJobs.cancel(ctx.em, ctx.principal, id);
  }
}
