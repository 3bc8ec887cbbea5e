import { Field, Float, ObjectType } from 'type-graphql';
import { ReportRange } from '../shared/report.types';

@ObjectType({
  description: 'One headline figure in the range and the previous range (decimal strings; unit tells how to read them)',
})
export class DashboardFigure {
  @Field({
    description: 'utilisation | revenueBooked | revenueCollected | receivablesOverdue | openPipeline | tasksOverdue',
  })
  key: string;
  @Field() label: string;
  @Field({ description: 'percent (change in points) | money | count' }) unit: string;
  @Field() current: string;
  @Field() previous: string;
  @Field() change: string;
  @Field(() => Float, { nullable: true }) changePercent: number | null;
}

@ObjectType()
export class AnalyticsDashboard {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [DashboardFigure]) figures: DashboardFigure[];
}

@ObjectType()
export class InsightFigure {
  @Field() label: string;
  @Field() value: string;
}

@ObjectType({ description: 'A plain-language statement computed from the reports, with the figures behind it' })
export class Insight {
  @Field({ description: 'What it is about, e.g. utilisation:Lifts, revenue:booked' }) key: string;
  @Field({ description: 'positive | negative | neutral' }) tone: string;
  @Field() text: string;
  @Field(() => [InsightFigure]) figures: InsightFigure[];
}

@ObjectType()
export class AnalyticsInsights {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [Insight]) insights: Insight[];
}
