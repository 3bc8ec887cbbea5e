import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Page } from '../../../db/pagination';
import type { RentalContext } from '../rental.services';
import { AccountingExport } from './accounting-export.entity';
import { AccountingExportInput, AccountingExportListArgs, AccountingExportPage } from './accounting-export.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin } from '../../../graphql/rules';

@Resolver(() => AccountingExport)
export class AccountingExportResolver {
  @Guard(isAdmin)
  @Mutation(() => AccountingExport, {
    description:
      'Export a range’s invoices or payments as the CSV QuickBooks Online or Xero imports (admin); marks what it took',
  })
  createAccountingExport(
    @Arg('input') input: AccountingExportInput,
    @Ctx() ctx: RentalContext,
  ): Promise<AccountingExport> {
    return ctx.services.accountingExports.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Query(() => AccountingExportPage, { description: 'Accounting exports, newest first (admin)' })
  accountingExports(
    @Args() args: AccountingExportListArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<Page<AccountingExport>> {
    return ctx.services.accountingExports.list(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => AccountingExport, { description: 'One accounting export, with its file (admin)' })
  accountingExport(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<AccountingExport> {
    return ctx.services.accountingExports.get(ctx.em, id);
  }

  @FieldResolver(() => String, { description: 'text/csv; charset=utf-8' })
  contentType(): string {
    return 'text/csv; charset=utf-8';
  }

  @FieldResolver(() => String, { description: 'The CSV file, base64 (UTF-8, CRLF line ends, a header row)' })
  async base64(@Root() exp: AccountingExport, @Ctx() ctx: RentalContext): Promise<string> {
    return Buffer.from(await ctx.services.accountingExports.content(ctx.em, exp), 'utf8').toString('base64');
  }
}
