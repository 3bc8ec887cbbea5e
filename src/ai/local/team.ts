import type { TeamMember } from '../types';

/**
 * Team members by the names a text calls them: full name, first name, last name ("Ms. Lopez"), the
 * local part of the email. A first name two members share resolves only with the last name. Meeting notes'
 * initials ("(JW)", "DO:") are read where a label or an owner stands (`byInitials`).
 */
export class TeamDirectory {
  private readonly byName = new Map<string, TeamMember[]>();

  constructor(readonly members: TeamMember[]) {
    for (const m of members) {
      const names = [m.firstName, m.lastName, `${m.firstName} ${m.lastName}`, m.email?.split('@')[0]];
      for (const name of names) if (name) this.add(name, m);
    }
  }

  private add(name: string, member: TeamMember): void {
    const key = name.trim().toLowerCase();
    const list = this.byName.get(key) ?? [];
    if (!list.includes(member)) list.push(member);
    this.byName.set(key, list);
  }

  /** The one member `name` designates, or null (unknown or ambiguous). */
  find(name: string): TeamMember | null {
    const list = this.byName.get(
      name
        .trim()
        .toLowerCase()
        .replace(/^(?:mr|mrs|ms|miss)\.?\s+/, ''),
    );
    return list && list.length === 1 ? list[0] : null;
  }

  /** The one member whose first and last names start with these two capitals ("JW" Jake Wilson), or null. */
  byInitials(initials: string): TeamMember | null {
    if (!/^[A-Z]{2}$/.test(initials)) return null;
    const list = this.members.filter((m) => `${m.firstName[0]}${m.lastName?.[0] ?? ''}`.toUpperCase() === initials);
    return list.length === 1 ? list[0] : null;
  }

  /** Members named in `text`, in order of appearance (full names first at each position). */
  namedIn(text: string): TeamMember[] {
    const found: TeamMember[] = [];
    const words = text.match(/[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?/g) ?? [];
    for (const phrase of words) {
      const candidates = [phrase, ...phrase.split(/\s+/)];
      const member = candidates.map((c) => this.find(c)).find((m) => m !== null);
      if (member && !found.includes(member)) found.push(member);
    }
    return found;
  }
}
