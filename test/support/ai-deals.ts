import type { Registered, TestApp } from './test-app';

/**
 * Opportunities from conversations (test/ai-opportunities.spec.ts, test/ai-opportunity-proposals.spec.ts): an
 * organization with a small catalog and a contact, an inbound email from that contact, the contact's deals.
 */
export function aiDeals(t: TestApp) {
  async function item(org: Registered, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await org.agent.post('/api/inventory').send({ quantityOwned: 5, ...body });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** An organization with a catalog (two lift sizes and an excavator) and a contact with an email. */
  async function rentalDesk(name: string) {
    const org = await t.registerOrg(name);
    const tag = org.organizationId.slice(-8);
    const lift19 = await item(org, { name: 'Scissor Lift 19ft', itemNumber: `SL19-${tag}`, dailyRate: '100.00' });
    const lift26 = await item(org, {
      name: 'Scissor Lift 26ft',
      itemNumber: `SL26-${tag}`,
      dailyRate: '150.00',
      weeklyRate: '600.00',
    });
    const excavator = await item(org, { name: 'Mini Excavator', itemNumber: `EX-${tag}`, dailyRate: '300.00' });
    const contact = await org.agent
      .post('/api/contacts')
      .send({ name: 'Dana Hendricks', email: `dana-${tag}@hendricks.example`, status: 'customer' });
    expect(contact.status).toBe(201);
    return { org, lift19, lift26, excavator, contact: contact.body };
  }

  async function inboundEmail(org: Registered, from: string, subject: string, text: string, receivedAt: string) {
    const to = (await org.agent.get('/api/settings/organization')).body.inboundEmailAddress;
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send({
        messageId: `<${Math.random().toString(36).slice(2)}@mail.example>`,
        from: { address: from, name: 'Dana Hendricks' },
        to: [to],
        cc: [],
        subject,
        text,
        receivedAt,
        attachments: [],
      });
    expect(res.status).toBe(200);
    return res.body;
  }

  const opportunitiesOf = async (org: Registered, contactId: string) =>
    (await org.agent.get(`/api/opportunities?contactId=${contactId}`)).body.data as Record<string, any>[];

  return { item, rentalDesk, inboundEmail, opportunitiesOf };
}
