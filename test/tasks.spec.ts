import { clock } from '../src/lib/clock';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newContact, newCustomer } from './support/crm';
import { eventsOf, newOpportunity } from './support/sales';

let t: TestApp;
let org: Registered;
let member: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Tasks');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Other');
});
afterAll(() => t.close());

const day = (offset: number) => new Date(clock.nowMs() + offset * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/tasks', () => {
  it('any member creates a task: defaults, links, and task.created in the outbox', async () => {
    const contact = await newContact(org.agent);
    const res = await member.agent
      .post('/api/tasks')
      .send({ title: ' Call Sam ', description: 'About the lift', contactId: contact.id, dueDate: '2026-07-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Call Sam',
      description: 'About the lift',
      assigneeId: member.userId,
      contactId: contact.id,
      customerId: null,
      opportunityId: null,
      priority: 'medium',
      dueDate: '2026-07-01',
      status: 'open',
      completedAt: null,
      isAiGenerated: false,
      source: 'manual',
      sourceId: null,
      createdById: member.userId,
    });
    expect(await eventsOf(t, org.organizationId, 'task.created')).toContainEqual({
      id: res.body.id,
      title: 'Call Sam',
      priority: 'medium',
      dueDate: '2026-07-01',
      assignedTo: member.userId,
      contactId: contact.id,
      customerId: null,
      opportunityId: null,
      isAiGenerated: false,
      source: 'manual',
      sourceId: null,
      createdBy: member.userId,
    });
  });

  it('refuses isAiGenerated from a client, and names every invalid field', async () => {
    const ai = await org.agent.post('/api/tasks').send({ title: 'x', isAiGenerated: true });
    expect(ai.status).toBe(400);
    expect(ai.body.details.map((d: { field: string }) => d.field)).toContain('isAiGenerated');
    const bad = await org.agent.post('/api/tasks').send({ title: '', priority: 'urgent', dueDate: '01/07/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    // the enum is checked by the schema first; the other fields once it passes
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['priority']);
    const shapes = await org.agent.post('/api/tasks').send({ title: '', dueDate: '01/07/2026', assigneeId: 'nope' });
    expect(shapes.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'assigneeId',
      'dueDate',
      'title',
    ]);
    const empty = await org.agent.post('/api/tasks').send({ title: '', dueDate: '2026-02-30' });
    expect(empty.status).toBe(400);
    expect(empty.body.details.map((d: { field: string }) => d.field)).toEqual(['title', 'dueDate']);
    const feb30 = await org.agent.post('/api/tasks').send({ title: 'x', dueDate: '2026-02-30' });
    expect(feb30.status).toBe(400);
    expect(feb30.body.details).toEqual([{ field: 'dueDate', message: expect.stringMatching(/real date/) }]);
  });

  it('refuses links to another organization’s records as not found, writing nothing', async () => {
    const foreign = {
      contactId: (await newContact(other.agent)).id,
      customerId: (await newCustomer(other.agent)).id,
      opportunityId: (await newOpportunity(other.agent)).id,
      assigneeId: other.userId,
    };
    const before = await count(t, 'tasks', org.organizationId);
    for (const [field, id] of Object.entries(foreign)) {
      const res = await org.agent.post('/api/tasks').send({ title: 'x', [field]: id });
      expect(res.status).toBe(404);
      expect(res.body.details).toEqual([{ field, message: 'not found' }]);
    }
    expect(await count(t, 'tasks', org.organizationId)).toBe(before);
  });

  it('source opportunity needs the opportunity, which becomes the source link', async () => {
    const missing = await org.agent.post('/api/tasks').send({ title: 'x', source: 'opportunity' });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('opportunityId');
    const opp = await newOpportunity(org.agent);
    const res = await org.agent
      .post('/api/tasks')
      .send({ title: 'Follow up', source: 'opportunity', opportunityId: opp.id, priority: 'high' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      source: 'opportunity',
      sourceId: opp.id,
      opportunityId: opp.id,
      priority: 'high',
    });
  });

  it('needs a session', async () => {
    expect((await t.agent().post('/api/tasks').send({ title: 'x' })).status).toBe(401);
  });
});

describe('completing, editing and deleting', () => {
  it('completes once, stamps who and when, emits task.completed; a second completion is 409', async () => {
    const task = (await org.agent.post('/api/tasks').send({ title: 'Finish me' })).body;
    const res = await member.agent.post(`/api/tasks/${task.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', completedById: member.userId });
    expect(Date.parse(res.body.completedAt)).toBeGreaterThan(0);
    expect(await eventsOf(t, org.organizationId, 'task.completed')).toContainEqual({
      id: task.id,
      title: 'Finish me',
      completedBy: member.userId,
      completedAt: res.body.completedAt,
    });
    const again = await org.agent.post(`/api/tasks/${task.id}/complete`);
    expect(again.status).toBe(409);
    expect((await eventsOf(t, org.organizationId, 'task.completed')).filter((e) => e.id === task.id)).toHaveLength(1);
  });

  it('edits fields and links (null clears), and deletes', async () => {
    const task = (await org.agent.post('/api/tasks').send({ title: 'Edit me', dueDate: '2026-07-01' })).body;
    const res = await org.agent
      .put(`/api/tasks/${task.id}`)
      .send({ title: 'Edited', priority: 'low', dueDate: null, assigneeId: member.userId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Edited', priority: 'low', dueDate: null, assigneeId: member.userId });
    const foreign = await org.agent.put(`/api/tasks/${task.id}`).send({ assigneeId: other.userId });
    expect(foreign.status).toBe(404);
    expect((await org.agent.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    expect((await org.agent.get(`/api/tasks/${task.id}`)).status).toBe(404);
  });

  it('another organization’s task is 404 on every path', async () => {
    const task = (await org.agent.post('/api/tasks').send({ title: 'Mine' })).body;
    expect((await other.agent.get(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await other.agent.put(`/api/tasks/${task.id}`).send({ title: 'x' })).status).toBe(404);
    expect((await other.agent.post(`/api/tasks/${task.id}/complete`)).status).toBe(404);
    expect((await other.agent.delete(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/tasks/${task.id}`)).body.status).toBe('open');
  });
});

describe('GET /api/tasks filters', () => {
  let lister: Registered;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    lister = await t.registerOrg('Lister');
    const mate = await t.addMember(lister.organizationId, 'user');
    const make = async (key: string, body: Record<string, unknown>) =>
      (ids[key] = (await lister.agent.post('/api/tasks').send({ title: `Task ${key}`, ...body })).body.id);
    await make('late', { dueDate: day(-2), priority: 'high' });
    await make('today', { dueDate: day(0), assigneeId: mate.userId });
    await make('soon', { dueDate: day(3), priority: 'low', assigneeId: mate.userId });
    await make('none', {});
    await make('lateDone', { dueDate: day(-5) });
    await lister.agent.post(`/api/tasks/${ids.lateDone}/complete`);
    ids.mate = mate.userId;
  });
  const list = async (query: string) => {
    const res = await lister.agent.get(`/api/tasks?${query}`);
    expect(res.status).toBe(200);
    return res.body.data.map((d: { title: string }) => d.title.replace('Task ', '')).sort();
  };

  it('filters by overdue, status, priority, assignee and due-date range, and combines them', async () => {
    expect(await list('overdue=true')).toEqual(['late']);
    expect(await list('overdue=false')).toEqual(['lateDone', 'none', 'soon', 'today']);
    expect(await list('status=completed')).toEqual(['lateDone']);
    expect(await list('priority=high')).toEqual(['late']);
    expect(await list(`assigneeId=${ids.mate}`)).toEqual(['soon', 'today']);
    expect(await list(`ownerId=${ids.mate}&priority=low`)).toEqual(['soon']);
    expect(await list(`startDate=${day(-2)}&endDate=${day(0)}`)).toEqual(['late', 'today']);
    expect(await list(`startDate=${day(0)}`)).toEqual(['soon', 'today']);
    expect(await list('search=soo')).toEqual(['soon']);
  });

  it('sorts by dueDate and paginates in the spec shape', async () => {
    const res = await lister.agent.get('/api/tasks?sortBy=dueDate&sortOrder=asc&limit=2&status=open');
    expect(res.body.data.map((d: { title: string }) => d.title)).toEqual(['Task late', 'Task today']);
    expect(res.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 4,
      pageSize: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
  });

  it('refuses bad filters with 400', async () => {
    expect((await lister.agent.get('/api/tasks?status=done')).status).toBe(400);
    expect((await lister.agent.get('/api/tasks?startDate=2026-13-01')).status).toBe(400);
    expect((await lister.agent.get('/api/tasks?sortBy=secret')).status).toBe(400);
  });
});
