/** Word pools the CRM part draws names from (fictional people and businesses; every domain is .example). */
export const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'Carlos',
  'Elizabeth',
  'Daniel',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Luis',
  'Karen',
  'Anthony',
  'Nancy',
  'Mark',
  'Lisa',
  'Steven',
  'Angela',
  'Andrew',
  'Ashley',
  'Kevin',
  'Emily',
  'Brian',
  'Rosa',
  'George',
  'Megan',
  'Jorge',
  'Rachel',
  'Ryan',
  'Laura',
  'Tyrone',
  'Mei',
  'Hector',
  'Aisha',
  'Ethan',
  'Fatima',
  'Noah',
  'Grace',
  'Omar',
  'Chloe',
  'Wei',
  'Hannah',
];

export const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Martinez',
  'Brown',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Hernandez',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Kim',
  'Chen',
  'Okoro',
  'Novak',
  'Fischer',
];

const PLACES = [
  'Lone Star',
  'Hill Country',
  'Pecan Valley',
  'Bluebonnet',
  'Colorado River',
  'Cedar Park',
  'Riverside',
  'Balcones',
  'Brazos',
  'Live Oak',
  'Mesa Verde',
  'Red Rock',
  'Travis',
  'Onion Creek',
];

export const INDUSTRIES: Record<string, string[]> = {
  Construction: ['Builders', 'Construction', 'General Contractors', 'Homes'],
  Landscaping: ['Landscaping', 'Lawn & Garden', 'Hardscapes'],
  Events: ['Events', 'Festivals', 'Weddings & Events'],
  'Film and TV': ['Studios', 'Productions'],
  Facilities: ['Facility Services', 'Property Management'],
  Utilities: ['Utility Contractors', 'Pipeline Services'],
  Roofing: ['Roofing', 'Exteriors'],
  Electrical: ['Electric', 'Power Systems'],
};

/** `count` distinct company names with their industry. */
export function companyNames(pick: <T>(items: readonly T[]) => T, count: number): { name: string; industry: string }[] {
  const seen = new Set<string>();
  const out: { name: string; industry: string }[] = [];
  const industries = Object.keys(INDUSTRIES);
  while (out.length < count) {
    const industry = industries[out.length % industries.length];
    const name = `${pick(PLACES)} ${pick(INDUSTRIES[industry])}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, industry });
  }
  return out;
}

export const CITIES: [city: string, zip: string][] = [
  ['Austin', '78701'],
  ['Round Rock', '78664'],
  ['Pflugerville', '78660'],
  ['Georgetown', '78626'],
  ['San Marcos', '78666'],
  ['Cedar Park', '78613'],
  ['Kyle', '78640'],
  ['Leander', '78641'],
  ['Bastrop', '78602'],
  ['Dripping Springs', '78620'],
];

export const STREETS = [
  'Main St',
  'Industrial Blvd',
  'Ranch Rd 620',
  'Oak Hollow Dr',
  'Commerce Park',
  'Airport Blvd',
  'Burnet Rd',
  'Riverside Dr',
  'Lamar Blvd',
  'Ben White Blvd',
];

export const SOURCES = ['web form', 'referral', 'trade show', 'phone', 'walk-in', 'import'];

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
