import { IsBoolean, IsEnum, IsOptional, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { ListArgs, Paginated } from '../../../db/pagination';
import {
  AccountingDateFormat,
  AccountingExport,
  AccountingExportKind,
  AccountingFormat,
} from './accounting-export.entity';

export const AccountingExportPage = Paginated(AccountingExport);

const CODE = /^[^\r\n]{1,50}$/;

@InputType()
export class AccountingExportInput {
  @Field(() => AccountingFormat)
  @IsEnum(AccountingFormat, { message: 'format must be quickbooks or xero' })
  format: AccountingFormat;

  @Field(() => AccountingExportKind)
  @IsEnum(AccountingExportKind, { message: 'kind must be invoices or payments' })
  kind: AccountingExportKind;

  @Field({ description: 'First day, YYYY-MM-DD: the issue date of invoices, the day a payment was received' })
  @IsCalendarDay()
  from: string;

  @Field({ description: 'Last day, inclusive, at most 366 days after from' })
  @IsCalendarDay()
  to: string;

  @Field({ defaultValue: false, description: 'Include what an earlier export in this format already had' })
  @IsBoolean({ message: 'includeExported must be true or false' })
  includeExported: boolean = false;

  @Field(() => AccountingDateFormat, {
    nullable: true,
    description: 'Default: MDY for QuickBooks (US), DMY for Xero (its template)',
  })
  @IsOptional()
  @IsEnum(AccountingDateFormat, { message: 'dateFormat must be MDY, DMY or ISO' })
  dateFormat?: AccountingDateFormat;

  @Field(() => String, { nullable: true, description: 'Xero: the revenue account code of the lines (default 200)' })
  @IsOptional()
  @Matches(CODE, { message: 'accountCode must be 1 to 50 characters on one line' })
  accountCode?: string;

  @Field(() => String, {
    nullable: true,
    description: 'The tax code of a taxed line: QuickBooks default TAX, Xero default "Tax on Sales"',
  })
  @IsOptional()
  @MaxLength(50, { message: 'taxCode must be at most 50 characters' })
  @Matches(CODE, { message: 'taxCode must be 1 to 50 characters on one line' })
  taxCode?: string;
}

/** sortBy: createdAt (default, newest first). */
@ArgsType()
export class AccountingExportListArgs extends ListArgs {}
