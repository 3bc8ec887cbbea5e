import { escapeRegExp } from '../../lib/regexp';
import type { TaskContext } from '../types';
import { GIVE_TO } from './lexicon';
import { titleViolations } from './title-lint';

/**
 * The account a thing goes to (round twenty-four, docs/ai.md "Title"): a title that sends, delivers, books, bills or
 * fixes something names the customer's company where the record has one, not the person who asked ("I'll send you a
 * credit memo" on Delmar Fire Protection's record, its contact Yolanda Ochoa -> "Send credit memo to Delmar Fire
 * Protection"; "Get Lyle his final invoice" -> "Send final invoice to Tamarack Golf Club"), as a desk files work by
 * account. The contact stays where the text names them in full and never writes the company ("Nora Quist wants the
 * two bucket trucks ..."), and after a verb said to a person (a call, a text, an email: the caller decides, see
 * `withCounterparty`). Read from train's labels: of the titles whose company and contact the record both has, the
 * labels name the company for a sending, a delivery or a booking about twenty times as often as the contact.
 */
export function toAccount(title: string, context: TaskContext, written: string | undefined, clause: string): string {
  const { contactName, companyName } = context;
  if (!contactName || !companyName || !written) return title;
  const contact = contactName.replace(/^(?:mr|mrs|ms|dr)\.?\s+/i, '');
  const parts = contact.split(/\s+/);
  const [first, last] = [parts[0], parts[parts.length - 1]];
  // The company named already, or the contact's surname is the company's: "Dana Kessler" names Kessler Paving's
  // family, and the labels go both ways there.
  const core = companyName.replace(/,?\s+(?:inc|llc|co|corp|ltd)\.?$/i, '').toLowerCase();
  if (title.toLowerCase().includes(core) || core.includes(last.toLowerCase())) return title;
  const lines = written.toLowerCase().split('\n');
  const namedInFull = parts.length > 1 && lines.some((l) => l.replace(/\s+/g, ' ').includes(contact.toLowerCase()));
  if (namedInFull && !lines.some((l) => l.includes(core))) return title;
  // The contact as the title writes them: in full, "Mr Achterberg", or the first name.
  const name = `(?:${escapeRegExp(contact)}|(?:Mr|Mrs|Ms|Dr)\\.?\\s+${escapeRegExp(last)}${
    parts.length > 1 ? `|${escapeRegExp(first)}` : ''
  })(?![\\w'])`;
  // "Send Carla sample invoice": the one given to said after the verb goes to the end, as "to" the account.
  const given = new RegExp(`^(\\S+)\\s+${name}\\s+(\\S.*)$`).exec(title);
  const account =
    given && GIVE_TO.has(given[1].toLowerCase()) && !/^(?:to|for|a|an|the)\b/i.test(given[2])
      ? `${given[1]} ${given[2]} to ${companyName}`
      : title.replace(new RegExp(`(?<=\\s)${name}`), companyName);
  // A company's name the title lint would misread ("Brückner Tiefbau US Inc.": "US" a pronoun) is not written in.
  return titleViolations(account, clause, context).length ? title : account;
}
