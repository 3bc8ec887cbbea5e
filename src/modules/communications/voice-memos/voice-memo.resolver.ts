import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { Task } from '../../sales/tasks/task.entity';
import type { CommunicationsContext } from '../communications.services';
import { VoiceMemo } from './voice-memo.entity';
import { ExtractedTasksPayload, VoiceMemoInput, VoiceMemoListArgs, VoiceMemoPage } from './voice-memo.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => VoiceMemo)
export class VoiceMemoResolver {
  @Guard(isAuthenticated)
  @Query(() => VoiceMemoPage, {
    description: 'Voice memos (paginated; status, contactId, opportunityId, authorId, dates)',
  })
  voiceMemos(@Args() args: VoiceMemoListArgs, @Ctx() ctx: CommunicationsContext): Promise<Page<VoiceMemo>> {
    return ctx.services.voiceMemos.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => VoiceMemo)
  voiceMemo(@Arg('id', () => ID) id: string, @Ctx() ctx: CommunicationsContext): Promise<VoiceMemo> {
    return ctx.services.voiceMemos.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => VoiceMemo, { description: 'A memo from text; audio files go to POST /api/voice-memos/upload' })
  createVoiceMemo(@Arg('input') input: VoiceMemoInput, @Ctx() ctx: CommunicationsContext): Promise<VoiceMemo> {
    return ctx.services.voiceMemos.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteVoiceMemo(@Arg('id', () => ID) id: string, @Ctx() ctx: CommunicationsContext): Promise<DeletePayload> {
    return ctx.services.voiceMemos.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => ExtractedTasksPayload, {
    description: 'AI task extraction from the transcript: tasks with isAiGenerated=true; running it again adds none',
  })
  async extractVoiceMemoTasks(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<ExtractedTasksPayload> {
    return { tasks: await ctx.services.voiceMemos.extractTasks(ctx.em, id) };
  }

  @FieldResolver(() => [Task], { description: 'The tasks extracted from this memo (100 at most)' })
  extractedTasks(@Root() memo: VoiceMemo, @Ctx() ctx: CommunicationsContext): Promise<Task[]> {
    return ctx.services.voiceMemos.extractedTasks(ctx.em, memo.id);
  }
}
