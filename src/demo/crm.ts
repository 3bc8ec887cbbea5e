import { ref } from '@mikro-orm/core';
import { Company } from '../modules/crm/companies/company.entity';
import { Contact, ContactStatus, SupersededReason } from '../modules/crm/contacts/contact.entity';
import { Customer } from '../modules/crm/customers/customer.entity';
import { Lead, LeadStatus } from '../modules/crm/leads/lead.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { CITIES, companyNames, FIRST_NAMES, LAST_NAMES, slug, SOURCES, STREETS } from './names';

const COMPANIES = 40;
const CUSTOMERS = 95;
/** Customers that started as leads (their lead is `converted`, their first contact superseded). */
const CONVERTED = 12;
/** Open and lost leads by status; `converted` ones come from the customers above. */
const LEADS: [LeadStatus, number][] = [
  [LeadStatus.new, 18],
  [LeadStatus.contacted, 16],
  [LeadStatus.qualified, 14],
  [LeadStatus.negotiation, 10],
  [LeadStatus.lost, 17],
];
const UNKNOWN = 30;
/** What the yard looks for in a lead's business (lead scoring's keyword signal, the organization's AI settings). */
export const TARGET_KEYWORDS = ['construction', 'builder', 'contractor', 'roofing', 'event'];
/**
 * Places-directory profiles, given to the companies in turn so leads land in every score band (docs/ai.md):
 * well reviewed (hot with a keyword), decent (warm), thin (cold), and no listing nor website (poor fit).
 */
const PROFILES: { rating: [number, number] | null; reviews: [number, number] | null; website: boolean }[] = [
  { rating: [46, 49], reviews: [120, 480], website: true },
  { rating: [40, 44], reviews: [25, 95], website: true },
  { rating: [30, 39], reviews: [3, 20], website: true },
  { rating: null, reviews: null, website: false },
];

/** CRM: 40 companies (with directory ratings and reviews) and 200 current contacts (customers, leads in every status, unknown callers). */
export function seedCrm(ctx: DemoContext): void {
  const { rng, data } = ctx;
  ctx.org.aiSettings = { ...ctx.org.aiSettings, targetKeywords: TARGET_KEYWORDS };
  companyNames((items) => rng.pick(items), COMPANIES).forEach(({ name, industry }, n) => {
    const company = new Company(ctx.org, name);
    const [city] = rng.pick(CITIES);
    const profile = PROFILES[n % PROFILES.length];
    Object.assign(company, {
      website: profile.website ? `https://${slug(name)}.example` : null,
      rating: profile.rating && rng.int(...profile.rating) / 10,
      reviewCount: profile.reviews && rng.int(...profile.reviews),
      industry,
      employeeCount: rng.int(4, 400),
      revenue: (rng.int(5, 900) * 10_000).toFixed(2),
      serviceAreas: [city, rng.pick(CITIES)[0]].filter((c, i, all) => all.indexOf(c) === i),
    });
    data.companies.push(place(ctx, company, 'company', n, at(ctx, dayOf(ctx, rng.int(-390, -20)), 10)));
  });

  const people = uniquePeople(ctx, CUSTOMERS + LEADS.reduce((s, [, c]) => s + c, 0) + UNKNOWN);
  const statuses: ContactStatus[] = [
    ...Array(CUSTOMERS).fill(ContactStatus.customer),
    ...LEADS.flatMap(([, c]) => Array(c).fill(ContactStatus.lead)),
    ...Array(UNKNOWN).fill(ContactStatus.unknown),
  ];
  const leadStatuses = LEADS.flatMap(([s, c]) => Array<LeadStatus>(c).fill(s));

  people.forEach((person, n) => {
    const status = statuses[n];
    const company = rng.chance(status === ContactStatus.unknown ? 0.3 : 0.8) ? rng.pick(data.companies) : null;
    // customers first and oldest: they have a year of orders; the newest leads arrived this month
    const created =
      status === ContactStatus.customer
        ? rng.int(-380, -200 + n * 2)
        : status === ContactStatus.lead
          ? rng.int(-200, -1)
          : rng.int(-90, -1);
    const contact = new Contact(ctx.org, person, status);
    const email = emailOf(person, company, n);
    const [city, zipCode] = rng.pick(CITIES);
    Object.assign(contact, {
      email,
      phone: `+1512555${String(2000 + n)}`,
      company: company ? ref(company) : null,
      owner: status === ContactStatus.unknown && rng.chance(0.5) ? null : ref(rng.pick(data.sales)),
      lastContactedAt: rng.chance(0.7) ? at(ctx, dayOf(ctx, rng.int(Math.max(created, -60), 0)), rng.int(8, 17)) : null,
      address: status === ContactStatus.unknown ? null : `${rng.int(100, 9900)} ${rng.pick(STREETS)}`,
      city: status === ContactStatus.unknown ? null : city,
      state: status === ContactStatus.unknown ? null : 'TX',
      zipCode: status === ContactStatus.unknown ? null : zipCode,
      source:
        status === ContactStatus.lead || (status === ContactStatus.customer && n >= CUSTOMERS - CONVERTED)
          ? 'lead'
          : status === ContactStatus.unknown
            ? 'inbound call'
            : rng.pick(SOURCES),
    });
    data.contacts.push(place(ctx, contact, 'contact', n, at(ctx, dayOf(ctx, created), rng.int(8, 17))));

    if (status === ContactStatus.customer) {
      const customer = new Customer(ctx.org, contact);
      Object.assign(customer, {
        billingAddress: contact.address,
        billingCity: contact.city,
        billingState: contact.state,
        billingZipCode: contact.zipCode,
      });
      data.customers.push(place(ctx, customer, 'customer', n, contact.createdAt));
    } else if (status === ContactStatus.lead) {
      const lead = new Lead(ctx.org, contact, leadStatuses[n - CUSTOMERS]);
      data.leads.push(place(ctx, lead, 'lead', n, contact.createdAt));
    }
  });
}

/**
 * After the first flush (a superseded contact keeps its email, which only one current contact may hold:
 * the customer's contact must be in the table first): the history of the customers that started as
 * leads, their lead (converted) over their first contact, superseded by the customer's.
 */
export function seedConvertedLeads(ctx: DemoContext): void {
  ctx.data.customers
    .slice(CUSTOMERS - CONVERTED)
    .forEach((customer, n) => convertedLead(ctx, customer.contact.getEntity(), customer, n));
}

function convertedLead(ctx: DemoContext, current: Contact, customer: Customer, n: number): void {
  const first = new Contact(ctx.org, current.name, ContactStatus.lead);
  for (const key of ['email', 'phone', 'company', 'owner', 'address', 'city', 'state', 'zipCode'] as const)
    (first as unknown as Record<string, unknown>)[key] = current[key];
  Object.assign(first, { source: 'lead', supersededBy: ref(current), supersededReason: SupersededReason.converted });
  const leadCreated = new Date(current.createdAt.getTime() - ctx.rng.int(5, 40) * 86_400_000);
  place(ctx, first, 'contact-history', n, leadCreated);
  const lead = new Lead(ctx.org, first, LeadStatus.converted);
  Object.assign(lead, { convertedAt: current.createdAt, convertedBy: current.owner, customer: ref(customer) });
  ctx.data.leads.push(place(ctx, lead, 'lead-converted', n, leadCreated));
}

function uniquePeople(ctx: DemoContext, count: number): string[] {
  const seen = new Set<string>();
  while (seen.size < count) seen.add(`${ctx.rng.pick(FIRST_NAMES)} ${ctx.rng.pick(LAST_NAMES)}`);
  return [...seen];
}

function emailOf(person: string, company: Company | null, n: number): string {
  const local = slug(person).replace(/-/g, '.');
  return company ? `${local}@${slug(company.name)}.example` : `${local}.${n}@mail.example`;
}
