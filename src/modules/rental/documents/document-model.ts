/**
 * The one model every rental document is drawn from (docs/rental.md, "Documents"): the organization's branding, the
 * parties, the lines, the charges beside them, the totals and the terms. An adapter builds it from a record (an
 * invoice: invoice-document.ts; an order's rental agreement: agreement-document.ts; a stored quote's version: quote-document.ts) and
 * pdf-renderer.ts draws it. Amounts are exact decimal strings in `currency`; the renderer prints them as given and
 * adds nothing up: the adapter states every total.
 */

/** The organization as its documents show it. */
export interface DocumentBrand {
  name: string;
  /** Street, city and so on, one printed line each. */
  addressLines: string[];
  /** Phone, email, website: printed on one line. */
  contact: string[];
  taxId?: string | null;
  /** PNG or JPEG bytes (checked when uploaded, logo.ts). */
  logo?: Buffer | null;
}

/** A party of the document: the customer billed or renting ("Bill to", "Renter"). */
export interface DocumentParty {
  label: string;
  name: string;
  lines: string[];
}

/** A label and its value, printed in the header (dates, numbers, status). */
export interface DocumentFact {
  label: string;
  value: string;
}

/** One priced line: a rental line or a charge. quantity x unitPrice = amount. */
export interface DocumentLine {
  description: string;
  /** A second, smaller line under the description (item number, days, units). */
  detail?: string | null;
  quantity: number;
  unitPrice: string;
  amount: string;
  /** Per-line tax, when the document taxes lines one by one: the column appears when any line has it. */
  tax?: string | null;
}

/** An amount printed on its own row: a delivery fee, a damage waiver, a deposit. */
export interface DocumentAmount {
  label: string;
  amount: string;
  note?: string | null;
}

/** A titled list of plain rows (e.g. the units checked out, on a rental agreement). */
export interface DocumentSection {
  title: string;
  rows: string[];
}

export interface RentalDocument {
  /** Printed large in the header: "Invoice", "Rental agreement", "Quote". */
  title: string;
  /** INV-000042, RA-1A2B3C4D, Q-... */
  number: string;
  /** The day the document is of (YYYY-MM-DD): its PDF creation date, so the same record gives the same bytes. */
  issuedOn: string;
  currency: string;
  brand: DocumentBrand;
  facts: DocumentFact[];
  parties: DocumentParty[];
  lines: DocumentLine[];
  /** Charges beside the lines (damage, late days, other), in the same table under "Charges". */
  charges: DocumentLine[];
  /** Optional slots (fees an order may carry): each is a row of the table, after the charges, when present. */
  deliveryFee?: DocumentAmount | null;
  damageWaiver?: DocumentAmount | null;
  /** A deposit is not part of the total: printed in its own box under the totals. */
  deposit?: DocumentAmount | null;
  /** Subtotal, tax, total, paid, balance...: printed right-aligned, the last one bold. */
  totals: DocumentAmount[];
  sections?: DocumentSection[];
  terms?: string | null;
  /** Signature lines (e.g. "Customer", "For Demo Equipment Rentals"). */
  signatures?: string[];
  notes?: string | null;
}
