import type { Candidate } from './candidate';
import type { TextFrame } from './frame';
import type { TeamDirectory } from './team';

/**
 * Tasks given out after they are said (docs/ai.md, "Whose action"): "Sam owns both.", "Priya takes it.", "Jake's on
 * it." make the tasks of the sentence before, whose owner no name gave, that member's.
 */

/** "Sam owns both.", "Priya takes it.", "Dan will handle those.": who the tasks said just before are given to. */
// ("Jake's on it.", "dan ur on it", "Priya's got it": the same, said as texting and calls say it.)
const OWNS =
  /^([A-Za-z]+)(?:\s+(?:owns|takes|handles|will\s+(?:own|take|handle|do)|is\s+on)|'s\s+(?:on|got)|,?\s+(?:ur|your|you're|you\s+are)\s+on|\s+has\s+got)\s+(?:it|that|this|both|these|those|them(?:\s+all)?|all\s+(?:of\s+)?(?:it|them|these|those|three|four))\s*[.!]?$/i;

/**
 * "Next steps: we put together a fall promo by the 15th, and we call the top 10 contractors. Sam owns both.": the
 * tasks of the sentence before, whose owner no name gave, are that member's.
 */
export function ownedByNamed(candidates: Candidate[], frame: TextFrame, team: TeamDirectory): void {
  frame.sentences.forEach((sentence, i) => {
    const m = OWNS.exec(sentence.body.trim());
    const member = m && team.find(m[1]);
    if (!member) return;
    for (const c of candidates)
      if (c.sentenceIndex === i - 1 && !c.cue.member)
        c.owner = { id: member.id, why: `${member.firstName} ${member.lastName} owns it ("${sentence.body.trim()}")` };
  });
}
