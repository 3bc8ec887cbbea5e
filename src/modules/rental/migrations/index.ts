import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261128090000_rental_desk } from './Migration20261128090000_rental_desk';
import { Migration20261130100000_inspections } from './Migration20261130100000_inspections';
import { Migration20261130200000_overdue } from './Migration20261130200000_overdue';
import { Migration20261205000000_pricing_rules } from './Migration20261205000000_pricing_rules';
import { Migration20261202100000_rental_quotes } from './Migration20261202100000_rental_quotes';
import { Migration20261203100000_documents } from './Migration20261203100000_documents';
import { Migration20261203200000_accounting_exports } from './Migration20261203200000_accounting_exports';
import { Migration20261204100000_rental_charges } from './Migration20261204100000_rental_charges';
import { Migration20261207100000_quote_charges } from './Migration20261207100000_quote_charges';
import { Migration20261214300100_invoice_overdue } from './Migration20261214300100_invoice_overdue';

/** The rental module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261128090000_rental_desk', class: Migration20261128090000_rental_desk },
  { name: 'Migration20261130100000_inspections', class: Migration20261130100000_inspections },
  { name: 'Migration20261130200000_overdue', class: Migration20261130200000_overdue },
  { name: 'Migration20261202100000_rental_quotes', class: Migration20261202100000_rental_quotes },
  { name: 'Migration20261203100000_documents', class: Migration20261203100000_documents },
  { name: 'Migration20261203200000_accounting_exports', class: Migration20261203200000_accounting_exports },
  { name: 'Migration20261204100000_rental_charges', class: Migration20261204100000_rental_charges },
  { name: 'Migration20261205000000_pricing_rules', class: Migration20261205000000_pricing_rules },
  { name: 'Migration20261207100000_quote_charges', class: Migration20261207100000_quote_charges },
  { name: 'Migration20261214300100_invoice_overdue', class: Migration20261214300100_invoice_overdue },
];
