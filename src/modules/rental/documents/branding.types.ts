import { MaxLength, ValidateIf } from 'class-validator';
import { Field, InputType } from 'type-graphql';

/** A terms text: optional, null clears it, at most 5000 characters. */
function Terms(name: string): PropertyDecorator {
  return (target, key) => {
    ValidateIf((o: Record<string, unknown>) => o[name] !== undefined && o[name] !== null)(target, key);
    MaxLength(5000, { message: `${name} must be at most 5000 characters` })(target, key);
  };
}

/** Fields present change; null clears one. The name, address, phone and email are the organization settings'. */
@InputType()
export class BrandingInput {
  @Field(() => String, { nullable: true, description: 'Tax or VAT registration number; null clears it' })
  @ValidateIf((o: BrandingInput) => o.taxId !== undefined && o.taxId !== null)
  @MaxLength(50, { message: 'taxId must be at most 50 characters' })
  taxId?: string | null;

  @Field(() => String, { nullable: true, description: 'Terms printed on invoices (at most 5000 characters)' })
  @Terms('invoiceTerms')
  invoiceTerms?: string | null;

  @Field(() => String, { nullable: true, description: 'Terms printed on rental agreements (at most 5000 characters)' })
  @Terms('agreementTerms')
  agreementTerms?: string | null;

  @Field(() => String, { nullable: true, description: 'Terms printed on quotes (at most 5000 characters)' })
  @Terms('quoteTerms')
  quoteTerms?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The logo: a PNG or JPEG file, base64 (a data: URL prefix is accepted), at most 512 KiB; null removes it; GET /api/settings/branding/logo serves it',
  })
  @ValidateIf((o: BrandingInput) => o.logo !== undefined && o.logo !== null)
  @MaxLength(800_000, { message: 'logo must be at most 512 KiB (base64)' })
  logo?: string | null;
}
