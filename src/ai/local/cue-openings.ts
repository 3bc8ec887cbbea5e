/**
 * What opens a clause before its cue, cut off before the clause is read (docs/ai.md, "Action cues"): the member it
 * turns to ("Jake, ...", "Sam can you ...", "Please, Luis, ..."), a condition said first ("once it's back, ...", and
 * with no comma: "if I don't get anywhere I'll ..."), a note's heading ("Drain: Dan to call the plumber").
 */

/** "Jake, ...", "Sam can you ...", "Please, Luis, ...", and "Please Aisha change the contract" (no comma). */
export const CLAUSE_VOCATIVE =
  /^(?:please,?\s+)?([A-Z][a-z'-]+)\s*(?:,\s*|\s+(?=(?:can|could|would|will)\s+you\b|please\b))|^[Pp]lease,?\s+([A-Z][a-z'-]+)\s+(?=[a-z])/;
export const SUBORDINATE = /^(?:if|when|once|after|as\s+soon\s+as|whenever|since|because)\b[^,]*,\s*/i;
/**
 * "if I don't get anywhere I'll put them on credit hold": a condition said with no comma, then the commitment ("while
 * we wait I'll tag it out": the meanwhile too).
 */
export const SUBORDINATE_RUN_ON =
  /^(?:if|when|once|unless|after|while)\s+(?:[\w'-]+\s+){1,10}?(?=(?:I|[Ww]e)(?:'ll|\s+will|'m\s+(?:going\s+to|gonna))\s)/;
// "Drain: Dan to call the plumber", and as notes write it in lower case: "drain: Dan to call the plumber".
// "Jake + Cody: pull the plow blades": two names joined by a sign.
export const HEADER = /^[A-Za-z][\w-]*(?:\s+(?:[\w-]+|[+&])){0,3}:\s+/;
