import type { RouteRow } from '../../../http/route-row';

export const settingsRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/settings/organization',
    operation: 'organizationSettings',
    tag: 'Settings',
    summary: 'Settings of your organization (credentials: only whether each is set)',
  },
  {
    method: 'PUT',
    path: '/api/settings/organization',
    operation: 'updateOrganizationSettings',
    body: 'input',
    tag: 'Settings',
    summary: 'Update organization settings (admin); omitted fields are unchanged',
    example: {
      name: 'Acme Rentals',
      phone: '+14155550123',
      email: 'office@acme.example',
      website: 'https://acme.example',
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      businessHoursStart: '08:00',
      businessHoursEnd: '17:30',
      timezone: 'America/Chicago',
      features: { leadScoring: true },
      aiSettings: { provider: 'local' },
    },
  },
];
