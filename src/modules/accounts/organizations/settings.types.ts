import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { E164, HH_MM, IsAfterStart, IsIanaTimezone } from './settings.validators';

/** Integration credentials an organization can store. Values are write-only; reads only say whether each is set. */
export const INTEGRATIONS = [
  'openaiApiKey',
  'twilioAuthToken',
  'googlePlacesApiKey',
  'enrichmentApiKey',
  'emailProviderApiKey',
] as const;
export type IntegrationName = (typeof INTEGRATIONS)[number];

export enum AiProvider {
  local = 'local',
  openai = 'openai',
}
registerEnumType(AiProvider, {
  name: 'AiProvider',
  description: 'local: deterministic, offline (default); openai: uses the openaiApiKey credential',
});

/** What a conversation that asks for equipment does (docs/sales.md, "Opportunities from conversations"). */
export enum OpportunityMode {
  create = 'create',
  propose = 'propose',
}
registerEnumType(OpportunityMode, {
  name: 'OpportunityMode',
  description:
    'create: the opportunity is made (or the open deal updated) at once; propose: a proposal waits for a member to accept or dismiss it',
});

export interface FeatureTogglesData {
  aiTaskExtraction?: boolean;
  leadScoring?: boolean;
  emailAutoLink?: boolean;
  voiceMemos?: boolean;
  customerInsights?: boolean;
  /** Opportunities from conversations that ask for equipment (docs/sales.md). */
  aiOpportunities?: boolean;
}

export interface AiSettingsData {
  provider?: AiProvider;
  model?: string;
  autoEnrichHotLeads?: boolean;
  hotLeadThreshold?: number;
  /** false: this organization's AI calls never reach the deployment's external model (local provider). */
  externalModel?: boolean;
  /** Calls to the external model per calendar month (UTC); null: unlimited. Spent: the local provider answers. */
  monthlyCallBudget?: number | null;
  /** Words of the businesses the organization wants (lead scoring's keyword signal). */
  targetKeywords?: string[];
  /** Opportunities from conversations: made at once, or proposed for a member to accept. */
  opportunityMode?: OpportunityMode;
}

/** Defaults of a new organization: every feature on, local AI. Stored values override them key by key. */
export const DEFAULT_FEATURES: Required<FeatureTogglesData> = {
  aiTaskExtraction: true,
  leadScoring: true,
  emailAutoLink: true,
  voiceMemos: true,
  customerInsights: true,
  aiOpportunities: true,
};
export const DEFAULT_AI: AiSettingsData = {
  provider: AiProvider.local,
  autoEnrichHotLeads: true,
  hotLeadThreshold: 6,
  externalModel: true,
  monthlyCallBudget: null,
  targetKeywords: [],
  opportunityMode: OpportunityMode.create,
};

@ObjectType()
export class FeatureToggles implements Required<FeatureTogglesData> {
  @Field() aiTaskExtraction: boolean;
  @Field() leadScoring: boolean;
  @Field() emailAutoLink: boolean;
  @Field() voiceMemos: boolean;
  @Field() customerInsights: boolean;
  @Field() aiOpportunities: boolean;
}

@ObjectType()
export class AiSettings {
  @Field(() => AiProvider) provider: AiProvider;
  @Field({ nullable: true }) model?: string;
  @Field() autoEnrichHotLeads: boolean;
  @Field(() => Int, { description: 'Lead score (0-7) from which a lead counts as hot' }) hotLeadThreshold: number;
  @Field({
    description:
      "false: the organization's AI calls never reach the deployment's external model (AI_PROVIDER=openai); the local provider answers",
  })
  externalModel: boolean;
  @Field(() => Int, {
    nullable: true,
    description:
      'Calls to the external model per calendar month (UTC); null: unlimited. Spent: the local provider answers',
  })
  monthlyCallBudget: number | null;
  @Field(() => Int, { description: 'Calls to the external model counted this month (UTC)' }) callsThisMonth: number;
  @Field(() => [String], { description: "Lead scoring's business keywords: words of the businesses you want" })
  targetKeywords: string[];
  @Field(() => OpportunityMode, {
    description: 'Opportunities from conversations: create (at once, the default) or propose (a member accepts them)',
  })
  opportunityMode: OpportunityMode;
}

@ObjectType({ description: 'Whether a credential is stored; its value is never returned' })
export class IntegrationStatus {
  @Field() name: string;
  @Field() isSet: boolean;
}

@ObjectType()
export class OrganizationSettings {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true }) website: string | null;
  @Field(() => String, { nullable: true }) address1: string | null;
  @Field(() => String, { nullable: true }) city: string | null;
  @Field(() => String, { nullable: true }) state: string | null;
  @Field(() => String, { nullable: true }) zipCode: string | null;
  @Field(() => String, { nullable: true }) businessHoursStart: string | null;
  @Field(() => String, { nullable: true }) businessHoursEnd: string | null;
  @Field(() => String, { nullable: true }) timezone: string | null;
  @Field({ description: 'Where providers deliver inbound email for this organization (read-only)' })
  inboundEmailAddress: string;
  @Field(() => FeatureToggles) features: FeatureToggles;
  @Field(() => AiSettings) aiSettings: AiSettings;
  @Field(() => [IntegrationStatus]) integrations: IntegrationStatus[];
  @Field() updatedAt: Date;
}

@InputType({ description: 'Omitted: unchanged' })
export class FeatureTogglesInput implements FeatureTogglesData {
  @Field({ nullable: true }) @IsOptional() @IsBoolean() aiTaskExtraction?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() leadScoring?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() emailAutoLink?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() voiceMemos?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() customerInsights?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() aiOpportunities?: boolean;
}

@InputType({ description: 'Omitted: unchanged' })
export class AiSettingsInput implements AiSettingsData {
  @Field(() => AiProvider, { nullable: true }) @IsOptional() @IsEnum(AiProvider) provider?: AiProvider;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) model?: string;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() autoEnrichHotLeads?: boolean;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'hotLeadThreshold must be between 0 and 7' })
  @Max(7, { message: 'hotLeadThreshold must be between 0 and 7' })
  hotLeadThreshold?: number;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() externalModel?: boolean;
  @Field(() => Int, { nullable: true, description: 'null: unlimited' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'monthlyCallBudget must be between 0 and 10000000' })
  @Max(10_000_000, { message: 'monthlyCallBudget must be between 0 and 10000000' })
  monthlyCallBudget?: number | null;
  @Field(() => [String], { nullable: true, description: 'Replaces the list; at most 50 words of up to 100 characters' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @IsNotEmpty({ each: true, message: 'targetKeywords must not contain empty words' })
  @MaxLength(100, { each: true })
  targetKeywords?: string[];
  @Field(() => OpportunityMode, { nullable: true })
  @IsOptional()
  @IsEnum(OpportunityMode)
  opportunityMode?: OpportunityMode;
}

const credential = () => [IsOptional(), IsString(), IsNotEmpty(), MaxLength(1000)];
function Credential(): PropertyDecorator {
  return (target, key) => credential().forEach((d) => d(target, key));
}

@InputType({ description: 'A string sets the credential, null removes it, omitted leaves it unchanged' })
export class IntegrationCredentialsInput implements Partial<Record<IntegrationName, string | null>> {
  @Field(() => String, { nullable: true }) @Credential() openaiApiKey?: string | null;
  @Field(() => String, { nullable: true }) @Credential() twilioAuthToken?: string | null;
  @Field(() => String, { nullable: true }) @Credential() googlePlacesApiKey?: string | null;
  @Field(() => String, { nullable: true }) @Credential() enrichmentApiKey?: string | null;
  @Field(() => String, { nullable: true }) @Credential() emailProviderApiKey?: string | null;
}

/** Optional text: undefined, null and "" skip the other rules ("" and null clear the field). */
const optional = () => ValidateIf((_o, v) => v !== undefined && v !== null && v !== '');

/**
 * PUT /api/settings/organization. Every field is optional: omitted is unchanged; null or "" clears an
 * optional field. Each invalid field is named in the 400's details.
 */
@InputType()
export class UpdateOrganizationSettingsInput {
  @Field({ nullable: true })
  @ValidateIf((_o, v) => v !== undefined)
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;

  @Field(() => String, { nullable: true })
  @optional()
  @Matches(E164, { message: 'phone must be in E.164 format, e.g. +14155550123' })
  phone?: string | null;
  @Field(() => String, { nullable: true })
  @optional()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320)
  email?: string | null;
  @Field(() => String, { nullable: true })
  @optional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'website must be an http or https URL' },
  )
  @MaxLength(500)
  website?: string | null;
  @Field(() => String, { nullable: true }) @optional() @IsString() @MaxLength(200) address1?: string | null;
  @Field(() => String, { nullable: true }) @optional() @IsString() @MaxLength(100) city?: string | null;
  @Field(() => String, { nullable: true }) @optional() @IsString() @MaxLength(100) state?: string | null;
  @Field(() => String, { nullable: true }) @optional() @IsString() @MaxLength(20) zipCode?: string | null;
  @Field(() => String, { nullable: true })
  @optional()
  @Matches(HH_MM, { message: 'businessHoursStart must be HH:MM (24-hour)' })
  businessHoursStart?: string | null;
  @Field(() => String, { nullable: true })
  @optional()
  @Matches(HH_MM, { message: 'businessHoursEnd must be HH:MM (24-hour)' })
  @IsAfterStart()
  businessHoursEnd?: string | null;
  @Field(() => String, { nullable: true }) @optional() @IsIanaTimezone() timezone?: string | null;

  @Field(() => FeatureTogglesInput, { nullable: true }) @IsOptional() @ValidateNested() features?: FeatureTogglesInput;
  @Field(() => AiSettingsInput, { nullable: true }) @IsOptional() @ValidateNested() aiSettings?: AiSettingsInput;
  @Field(() => IntegrationCredentialsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  integrations?: IntegrationCredentialsInput;
}
