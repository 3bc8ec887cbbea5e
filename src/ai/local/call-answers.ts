import type { LocalMoment } from './calendar';
import { dateMentions, dueDateOf } from './due-date';
import type { TextFrame } from './frame';
import { FILLERS } from './lexicon';
import { TeamDirectory } from './team';
import type { Candidate } from './candidate';
import { AGREED_DAY, deadlineOf, onlySaysWhen, PROMISE } from './said-when';

/**
 * In a dialogue, the request the team's answer settles and the time the answer gives (read after the other
 * cross-sentence passes by extract-tasks.ts).
 */

/** "Updated.", "Done.", "All set, ...": a team line that says the thing is done. */
const DONE =
  /^(?:(?:ok(?:ay)?|sure|great),?\s+)?(?:done|updated|fixed|changed|sent|booked|all\s+set|taken\s+care\s+of|that's\s+done)\b/i;

/**
 * "Can you update it on the account?" / "Sure, what's the new one?" / "410 Harbor Drive." / "Updated.": done while
 * talking, no task: a team line within the next three that starts by saying it is done.
 */
function doneOnTheCall(c: Candidate, frame: TextFrame): boolean {
  const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
  return frame.sentences.some(
    (s) =>
      lines.includes(s.line) &&
      s.label?.member &&
      frame.sentences.find((f) => f.line === s.line) === s &&
      DONE.test(s.body),
  );
}

/**
 * In a transcript, a customer's request that the next team speaker answers with a commitment
 * ("Can someone take a look tomorrow?" / "I'll have Maria come out") is one task: the commitment.
 */
const CUSTOMERS_PROMISE = /\b(?:i|we)\s+(?:promise|swear|guarantee)\b|^(?:i|we)(?:'ll|\s+will|\s+can)\s/i;
export function dropAnsweredRequests(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): Candidate[] {
  const kept = candidates.filter((c) => {
    if (c.sentence.label?.member || c.cue.subject === 'first') return true;
    if (doneOnTheCall(c, frame)) return false;
    // The answer is on the next line, or a few lines on after questions back and forth ("Yes, for the whole
    // month?" / "October 5 to 30." / "Got it, I'll send it over tomorrow."), with no other request between.
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
    const answer = candidates.find(
      (o) =>
        o.sentence.label?.member &&
        lines.includes(o.sentence.line) &&
        (o.sentence.line === lines[0] || o.cue.subject === 'first') &&
        !candidates.some((x) => x !== c && x.sentence.line > c.sentence.line && x.sentence.line < o.sentence.line),
    );
    // "End of the month, I promise." / "Alright, I'll note that on the account.": the customer's own promise dates
    // what they do, not the team's answer to it.
    if (answer && !answer.due && !CUSTOMERS_PROMISE.test(c.sentence.body.replace(FILLERS, ''))) answer.due = c.due;
    return !answer;
  });
  // "We need them delivered by 6am tomorrow." / "I'll move the delivery.": the answer takes the date asked for.
  for (const c of kept) {
    if (c.due || !c.sentence.label?.member) continue;
    const asked = frame.sentences.filter((s) => s.line < c.sentence.line && !s.label?.member).pop();
    const lineBefore = frame.sentences.filter((s) => s.line < c.sentence.line).pop();
    // "I'll wire the money today." / "Sure, I'll email it today.": the customer's own plan asks nothing.
    const plan = asked?.body.replace(FILLERS, '');
    if (!asked || asked.line !== lineBefore?.line || /^(?:I|we)(?:'ll|\s+will)\b/i.test(plan ?? '')) continue;
    if (CUSTOMERS_PROMISE.test(plan ?? '')) continue;
    // "Monday afternoon would be better" / "Monday afternoon it is. I'll email you the reservation.": the day asked
    // for is agreed in the answer's own words before the task, and the next thing said takes none of it.
    const agreed = frame.sentences.some(
      (s, i) =>
        s.line === c.sentence.line &&
        i < c.sentenceIndex &&
        AGREED_DAY.test(s.body) &&
        dateMentions(s.body, ref, true).length > 0,
    );
    if (agreed) continue;
    c.due = dueDateOf(asked.body, ref);
  }
  // "I'll get Tom to call you about that, he can do a demo." / "Sometime next week is good.": the team's undated
  // commitment, last on its line, takes the time the other side's next line only says.
  for (const c of kept) {
    if (c.due || !c.sentence.label?.member) continue;
    const sameLine = frame.sentences.filter((s) => s.line === c.sentence.line);
    if (sameLine[sameLine.length - 1] !== c.sentence) continue;
    const reply = frame.sentences.find((s) => s.line > c.sentence.line);
    const replyLine = reply ? frame.sentences.filter((s) => s.line === reply.line) : [];
    if (!reply || reply.label?.member || replyLine.length !== 1 || !onlySaysWhen(reply.body, ref)) continue;
    if (candidates.some((o) => o.sentence === reply)) continue;
    c.due = dueDateOf(reply.body, ref);
  }
  // "Could you send me your certificate?" / "Sure, I'll have that to you by Friday.": the request takes the
  // date the team's answer (one of the next three lines: "When's your bid due?" / "The 30th." / "... by the 24th
  // then.") gives.
  for (const c of kept) {
    if (c.due || c.sentence.label?.member) continue;
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
    const answers = frame.sentences.filter((s) => lines.includes(s.line) && s.label?.member);
    c.due = answers.map((s) => dueDateOf(s.body, ref)).find((d) => d !== null) ?? null;
  }
  return kept;
}

/** A customer's question after a commitment that asks only when: "When?", "When could I have it?", "How soon?". */
const WHEN_QUESTION =
  /^(?:(?:and|ok(?:ay)?|great|perfect|thanks),?\s+)?(?:when|how\s+soon|how\s+long|what\s+time|what\s+day|by\s+when|roughly\s+when|any\s+idea\s+when)\b[^?]{0,40}\?$/i;
/** "Sure, no problem.", "Will do.", "Deal.": the team agreeing to what the customer asked. */
const AGREED =
  /^(?:sure|yes|yeah|yep|ok(?:ay)?|absolutely|definitely|of\s+course|no\s+problem|will\s+do|you\s+got\s+it|can\s+do|sounds\s+good|deal|that\s+works|works\s+for\s+me|fair\s+enough)\b/i;
/** "Kwame can be there in two hours.", "Ray will be out by noon.": the member the answer names goes. */
const MEMBER_GOES = /^([A-Z][a-z'-]+)\s+(?:can|will|'ll|should)\s+be\s+(?:there|out|over|on\s+site)\b/;

/**
 * "I'll send a tech." / "When?" / "Kwame can be there in two hours.", "I'll put a quote together." / "When
 * could I have it?" / "Early next week.": the team's answer to the customer's question dates the commitment
 * (and a member the answer sends owns it).
 */
export function answerWhen(candidates: Candidate[], frame: TextFrame, ref: LocalMoment, team: TeamDirectory): void {
  const lineOf = (line: number) => frame.sentences.filter((s) => s.line === line);
  for (const c of candidates) {
    if (c.due || !c.sentence.label?.member) continue;
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))];
    const [question, answer] = [lineOf(lines[0]), lineOf(lines[1])];
    if (!question.length || question[0].label?.member || !answer[0]?.label?.member) continue;
    // "I'll correct that and re-send the invoice." / "Could I get it before Friday?" / "Sure, no problem.": the
    // customer's push with a deadline, agreed to with no day of the team's own, dates the commitment.
    const pushed = dateMentions(question.map((s) => s.body).join(' '), ref).find((d) => d.deadline);
    if (pushed && AGREED.test(answer[0].body.trim()) && !dateMentions(answer[0].body, ref).length) {
      c.due = pushed;
      continue;
    }
    // "We pour Friday at 5am, it has to be working by then." / "He'll be there tomorrow morning.": a promise of when
    // answers the customer's push as a question of when does.
    const promise = PROMISE.test(answer[0].body.trim());
    if (!question.some((s) => WHEN_QUESTION.test(s.body.trim())) && !promise) continue;
    // "How soon?" / "Hang on, let me text him. ... He says within the hour.": the answer's time, in any of its
    // sentences; "I'll have something to you before then." the day before the one the customer gave.
    const due = promise
      ? (dateMentions(answer[0].body, ref)[0] ??
        // "... so I need to lock it in by end of next week." / "You'll have the quote before then.": the push's day.
        (pushed && /\b(?:before|by)\s+then\b/i.test(answer[0].body) ? pushed : null) ??
        deadlineOf(answer[0].body, frame, answer[0], ref))
      : answer.map((s) => dateMentions(s.body, ref)[0]).find((d) => d);
    if (!due) continue;
    c.due = due;
    const goes = MEMBER_GOES.exec(answer[0].body);
    const member = goes ? team.find(goes[1]) : null;
    if (member)
      c.owner = { id: member.id, why: `${member.firstName} ${member.lastName} is sent (the answer names them)` };
  }
}
