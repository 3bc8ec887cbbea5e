/**
 * Round eighteen of issue 26's "AI 2" (docs/ai.md, "Round eighteen, notes"): notes and logged calls written without a
 * full sentence. An item numbered "#2" as "2." numbers it, a progressive with no subject ("Sending quote Mon.") is the
 * writer's, a member's item that names a paper first ("Tom: written quote to Milos by Friday") is its sending. The
 * texts are written for this file, in no bench set.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's first verb, owner and due date. */
const NOTES = `
notes | reads "#1 Jake to ..." under "Owners" as Jake's item | Yard review 11/23\\nAttendees: Tom, Jake\\n\\n1. Quinn Homes - two light towers back Friday.\\n2. Wash bay drain clogged again.\\n\\nOwners\\n- #1 Jake to check in the light towers Friday\\n- #2 Tom to book the plumber this week | Check u-jake 2026-11-27, Book u-tom 2026-11-27
call | reads a logged call's "Booking it for Wednesday." as the writer's booking | Called Nora Quinn back about the patio job. Needs a mini excavator for three days. Booking it for Wednesday. | Book u-tom 2026-11-25
memo | reads a memo's "Bringing a spare out first thing Tuesday." as the speaker's errand | Tom here. Quinn Homes rang, their plate compactor quit on them. Bringing a spare out first thing Tuesday. | Bring u-tom 2026-11-24
notes | reads a member's item that names a paper first as its sending, dated or not | Billing huddle\\nAttendees: Priya, Jake\\n\\nNext steps:\\n- Jake: signed rental contract to Nora by Thursday\\n- Priya: updated statement for Quinn Homes | Send u-jake 2026-11-26, Send u-priya none
notes | reads a member's short item that opens with a desk verb and a bare noun as a command | Shop huddle\\n\\nTo do\\n- PS: charge scissor batteries today\\n- Jake: wash skid steer 4 | Charge u-priya 2026-11-23, Wash u-jake none
notes | reads a member's item that names work first as doing it, a "before they ..." after it no part of its length | Shop review\\n\\nAction items:\\n- Jake: 250 hr service on the telehandler before it goes back out to Quinn Homes on Thursday | Do u-jake 2026-11-25
`;

describe('round eighteen: notes and logs in shorthand', () => {
  it.each(tableCases(NOTES))('$name', ({ kind, text, expected }) => {
    const read = extractTasks(text, kindContext(kind)).map(
      (t) => `${t.title.split(' ')[0]} ${t.ownerId} ${t.dueDate ?? 'none'}`,
    );
    expect(read).toEqual(expected.split(', '));
  });
});
