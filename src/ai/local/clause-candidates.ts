import type { Cue } from './cue';
import type { Clause } from './clauses';
import { ownerOf } from './owner';
import { needOrMove, quoteWanted } from './needs-moves';
import type { Candidate, SentenceAt } from './candidate';
import { clauseCues } from './clause-cues';
import { askedAbout, cueDue } from './cue-dates';

/**
 * The tasks said in one sentence's clauses (docs/ai.md, "Task extraction"): each clause is read for its cues
 * (clause-cues.ts), with the sentences said before it and the one after, the text's frame (its speakers, author and
 * addressee), the kind of text and the reference moment; each cue is given its owner and the date its clause, its
 * sentence or the text around it gives (cue-dates.ts). How a sentence is cut into clauses, and what is done with the tasks of the whole text, is
 * extract-tasks.ts's.
 */

export function candidatesIn(clauses: Clause[], at: SentenceAt): Candidate[] {
  const { sentence, index, frame, context, reader } = at;
  const out: Candidate[] = [];
  if (sentence.heading) return out;
  const earlier = frame.sentences.slice(0, index).map((s) => s.text);
  // "Ledger close is the fifth, so all invoices need to be posted before then": the clauses said before count too.
  const said: string[] = [];
  let head: Cue | null = null;
  let group = index * 100;
  for (const clause of clauses) {
    if (!clause.continues) group++;
    const cues = clauseCues(clause, at, head, said, earlier);
    if (!clause.continues) head = cues[0] ?? null;
    // "they need twelve patio heaters for the market", "Two light towers go to the high school lot Friday": the
    // equipment's move (kept only where no other task covers it: `movesNotCovered`).
    // (Whether the clause holds one action is read before the move joins it: the other action's date stays its own.)
    const oneCue = cues.length === 1;
    const move =
      needOrMove(clause.text, frame.sentences[index + 1]?.text, frame.sentences[index - 1]?.text) ??
      quoteWanted(clause.text);
    if (move) cues.push({ ...move, move: true });
    // "Let me check the fleet." said on a call: done while talking, unless it is given a time.
    // ("Ah, let me look...", "Okay, let me check": after an interjection too.)
    const onTheCall =
      frame.dialogue &&
      /^(?:(?:ah|oh|ok(?:ay)?|right|sure|well|alright|hmm+|yes|yeah)[,.]?\s+)*let\s+(?:me|us)\b(?!\s+(?:get|have|send)\s+[A-Z][a-z'-]+\s+(?:out|over)\b)/i.test(
        clause.text,
      );
    for (const cue of cues) {
      const owner = ownerOf(cue, sentence, frame, context, reader.team);
      if (!owner) continue;
      const due = cueDue(cue, clause, at, said, earlier, oneCue);
      if (onTheCall && !due) continue;
      // A day inside the question asked is the question's.
      out.push({
        sentenceIndex: index,
        sentence,
        clause: clause.text,
        cue,
        owner,
        due: due && askedAbout(cue.action, due) ? null : due,
        group,
      });
    }
    said.push(clause.text);
  }
  return out;
}
