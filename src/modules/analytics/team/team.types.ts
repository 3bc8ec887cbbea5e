import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { NumberComparison, ReportRange } from '../shared/report.types';

@ObjectType({ description: 'Tasks of one assignee: created and completed in the range, overdue at its end' })
export class TaskActivityRow {
  @Field(() => ID, { nullable: true }) userId: string | null;
  @Field() name: string;
  @Field(() => Int) created: number;
  @Field(() => Int) completed: number;
  @Field(() => Int, { description: 'Completed on or before their due day (or without one)' }) completedOnTime: number;
  @Field(() => Int, { description: 'Open at the end of the range’s last day and due before it' }) overdue: number;
}

@ObjectType()
export class TaskActivityTotals {
  @Field(() => NumberComparison) created: NumberComparison;
  @Field(() => NumberComparison) completed: NumberComparison;
  @Field(() => NumberComparison) overdue: NumberComparison;
}

@ObjectType()
export class TaskActivityReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [TaskActivityRow]) rows: TaskActivityRow[];
  @Field(() => TaskActivityTotals) totals: TaskActivityTotals;
}

@ObjectType({ description: 'Activities of one author, type and direction: in the range and in the previous one' })
export class ActivityReportRow {
  @Field(() => ID, { nullable: true, description: 'The author (null: logged by a webhook without one)' })
  userId: string | null;
  @Field() name: string;
  @Field({ description: 'call | email | sms | meeting' }) type: string;
  @Field({ description: 'inbound | outbound' }) direction: string;
  @Field(() => Int) count: number;
  @Field(() => Int) previousCount: number;
}

@ObjectType()
export class ActivityReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [ActivityReportRow]) rows: ActivityReportRow[];
  @Field(() => NumberComparison, { description: 'All activities of the range against the previous one' })
  total: NumberComparison;
}

@ObjectType({ description: 'AI-generated tasks created in the range from one source, and what became of them' })
export class AiTaskRow {
  @Field({ description: 'voice_memo, call, email, meeting_notes, ... or "All sources"' }) source: string;
  @Field(() => Int) generated: number;
  @Field(() => Int, { description: 'Completed: accepted' }) completed: number;
  @Field(() => Int, { description: 'Still open' }) open: number;
  @Field(() => Int, { description: 'Deleted: rejected (the task.created event remains, the task does not)' })
  deleted: number;
  @Field(() => Float, { nullable: true, description: 'completed / (completed + deleted), percent' }) acceptanceRate:
    number | null;
}

@ObjectType()
export class AiTaskAcceptance {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [AiTaskRow]) rows: AiTaskRow[];
  @Field(() => AiTaskRow) totals: AiTaskRow;
  @Field(() => Float, { nullable: true, description: 'acceptanceRate of the previous range' }) previousAcceptanceRate:
    number | null;
}
