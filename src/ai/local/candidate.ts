import type { TaskContext } from '../types';
import type { LocalMoment } from './calendar';
import type { Cue } from './cue';
import type { CueReader } from './cues';
import type { DateMention } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import type { Owner } from './owner';

/** A sentence of the text and what it is read with. */
export interface SentenceAt {
  sentence: FramedSentence;
  index: number;
  frame: TextFrame;
  context: TaskContext;
  reader: CueReader;
  ref: LocalMoment;
}

/** A cue read in a clause, with what the passes of extract-tasks.ts and the cross-sentence readings give it. */
export interface Candidate {
  sentenceIndex: number;
  sentence: FramedSentence;
  clause: string;
  cue: Cue;
  owner: Owner;
  due: DateMention | null;
  /** Tasks of one coordinated clause ("update X and send Y tomorrow") share a date one of them gives. */
  group: number;
}
