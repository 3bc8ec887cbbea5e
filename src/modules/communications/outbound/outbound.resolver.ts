import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Activity } from '../activities/activity.entity';
import type { CommunicationsContext } from '../communications.services';
import { OutboundEmailInput, OutboundSmsInput } from './outbound.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class OutboundResolver {
  @Guard(refusedWhileImpersonating(isAuthenticated, 'speaks'))
  @Mutation(() => Activity, {
    description: 'Email the contact through the mailer; logged as an outbound email activity',
  })
  sendContactEmail(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: OutboundEmailInput,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<Activity> {
    return ctx.services.outbound.email(ctx.em, ctx.principal, id, input);
  }

  @Guard(refusedWhileImpersonating(isAuthenticated, 'speaks'))
  @Mutation(() => Activity, {
    description: 'Text the contact through the SMS transport; logged as an outbound sms activity',
  })
  sendContactSms(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: OutboundSmsInput,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<Activity> {
    return ctx.services.outbound.sendSms(ctx.em, ctx.principal, id, input);
  }
}
