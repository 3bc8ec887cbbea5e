/** Lead scoring, deal insights and customer intelligence: pure functions of their inputs (docs/ai.md). */
import {
  assessCustomerRisk,
  customerInsights,
  dealInsights,
  rentalSuggestions,
  scoreLead,
  summarizeDealHistory,
  type ClosedDeal,
  type RentalOrder,
} from '../src/ai';

describe('scoreLead', () => {
  const targets = ['excavation', 'paving', 'landscaping'];

  it('adds the points table and caps the sum at 7', () => {
    const s = scoreLead(
      {
        rating: 4.8,
        reviewCount: 230,
        website: 'https://apex.example',
        websiteQuality: 0.9,
        phone: '+15550100',
        email: 'a@b.example',
        address: '1 Main',
        contactName: 'Carlos',
        businessText: 'Apex Paving & Excavation, asphalt paving',
      },
      targets,
    );
    expect(s.signals.map((x) => [x.signal, x.points])).toEqual([
      ['rating', 2],
      ['reviews', 2],
      ['website', 2],
      ['contact', 1],
      ['keywords', 2],
    ]);
    expect(s.score).toBe(7);
    expect(s.band).toBe('hot');
  });

  it('bands warm, cold and poor fit, with a reason for each signal', () => {
    expect(
      scoreLead(
        { rating: 4.2, reviewCount: 30, website: 'parklandscaping.example', businessText: 'Landscaping services' },
        targets,
      ),
    ).toMatchObject({ score: 4, band: 'warm' });
    expect(scoreLead({ rating: 4.0, reviewCount: 3, phone: '1', email: 'x@y.example' }, targets)).toMatchObject({
      score: 1,
      band: 'poor_fit',
    });
    const cold = scoreLead({ rating: 4.6, reviewCount: 10 }, []);
    expect(cold).toMatchObject({ score: 2, band: 'cold' });
    expect(cold.signals.find((x) => x.signal === 'keywords')?.reason).toBe('no target keywords set');
    expect(cold.signals.find((x) => x.signal === 'contact')?.reason).toBe('0 of 4 contact fields (none)');
  });
});

function deal(
  outcome: 'won' | 'lost',
  estimatedValue: number,
  finalAmount: number | null,
  closedAt: string,
  stages: Array<[string, string, string]>,
): ClosedDeal {
  return {
    outcome,
    estimatedValue,
    finalAmount,
    closedAt,
    stages: stages.map(([stageId, enteredAt, exitedAt]) => ({ stageId, enteredAt, exitedAt })),
  };
}

describe('dealInsights', () => {
  const history = summarizeDealHistory([
    deal('won', 10000, 9000, '2026-03-01', [
      ['qualify', '2026-01-01', '2026-01-11'],
      ['proposal', '2026-01-11', '2026-01-31'],
    ]),
    deal('won', 20000, 18000, '2026-03-15', [
      ['qualify', '2026-02-01', '2026-02-11'],
      ['proposal', '2026-02-11', '2026-03-03'],
    ]),
    deal('won', 5000, 4500, '2026-04-10', [
      ['qualify', '2026-03-01', '2026-03-11'],
      ['proposal', '2026-03-11', '2026-03-31'],
    ]),
    deal('lost', 8000, null, '2026-04-20', [
      ['qualify', '2026-03-10', '2026-03-20'],
      ['proposal', '2026-03-20', '2026-04-20'],
    ]),
    deal('lost', 7000, null, '2026-05-01', [['qualify', '2026-04-01', '2026-05-01']]),
  ]);

  it('uses the history: stage win rate, amount ratio, time to close, with evidence', () => {
    expect(history.stages.proposal).toMatchObject({ deals: 4, won: 3, winRate: 0.75 });
    const i = dealInsights(
      {
        value: 10000,
        stageId: 'proposal',
        stageName: 'Proposal',
        probability: 50,
        stageEnteredAt: '2026-06-01',
        expectedCloseDate: '2026-06-15',
      },
      history,
      '2026-06-05',
    );
    expect(i.sufficientHistory).toBe(true);
    expect(i.winProbability).toMatchObject({ value: 75, source: 'history' });
    expect(i.winProbability.evidence).toContain('3 of 4 closed deals that reached Proposal were won');
    expect(i.likelyCloseAmount.value).toBe(9000);
    expect(i.likelyCloseAmount.evidence).toContain('median 90%');
    expect(i.expectedCloseDate.value).toBe('2026-07-03');
    expect(i.recommendedActions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'Confirm budget and scope before the final quote',
        'Timeline at risk: plan for 2026-07-03, not 2026-06-15',
      ]),
    );
  });

  it('lowers the win probability of a deal stalled in its stage and says why', () => {
    const i = dealInsights(
      { value: 10000, stageId: 'proposal', probability: 60, stageEnteredAt: '2026-04-01' },
      history,
      '2026-06-01',
    );
    expect(i.winProbability.value).toBe(56);
    expect(i.recommendedActions.some((a) => a.action.startsWith('Re-engage'))).toBe(true);
  });

  it('falls back to the stage probability with too little history, and says so', () => {
    const thin = summarizeDealHistory([
      deal('won', 1000, 1000, '2026-01-10', [['proposal', '2026-01-01', '2026-01-10']]),
    ]);
    const i = dealInsights(
      {
        value: 4000,
        stageId: 'proposal',
        probability: 40,
        stageEnteredAt: '2026-05-01',
        expectedCloseDate: '2026-05-20',
      },
      thin,
      '2026-06-01',
    );
    expect(i).toMatchObject({
      sufficientHistory: false,
      winProbability: { value: 40, source: 'stage' },
      likelyCloseAmount: { value: 4000 },
      expectedCloseDate: { value: '2026-05-20' },
    });
    expect(i.note).toContain('1 closed deals, 5 needed');
    expect(i.recommendedActions.map((a) => a.action)).toEqual([
      'Update the expected close date',
      'Record won and lost outcomes on closed deals',
    ]);
  });
});

describe('customer intelligence', () => {
  const order = (orderId: string, date: string, ...categories: string[]): RentalOrder => ({
    orderId,
    date,
    categories,
  });
  const organization = [
    order('1', '2026-01-01', 'excavator', 'trailer'),
    order('2', '2026-01-05', 'excavator', 'trailer', 'compactor'),
    order('3', '2026-01-09', 'excavator', 'trailer'),
    order('4', '2026-01-12', 'excavator', 'breaker'),
    order('5', '2026-01-20', 'scissor lift'),
  ];

  it('suggests what the organization rents together and the customer never rented, and upsells a repeat category', () => {
    const customer = [
      order('a', '2026-02-01', 'excavator'),
      order('b', '2026-03-01', 'excavator'),
      order('c', '2026-04-01', 'excavator'),
    ];
    const s = rentalSuggestions(customer, organization);
    expect(s.map((x) => [x.kind, x.category])).toEqual([
      ['upsell', 'excavator'],
      ['cross_sell', 'trailer'],
    ]);
    expect(s[1].evidence).toContain('rented with excavator in 3 of 4 orders (75%)');
  });

  it('assesses risk from overdue invoices, falling activity, negative sentiment and lapsed rentals, with evidence', () => {
    const risk = assessCustomerRisk({
      asOf: '2026-09-01',
      overdueInvoices: [{ amount: 1200, daysOverdue: 75 }],
      activity: { recent: 1, previous: 8 },
      sentiment: [
        { date: '2026-06-01', score: 0.4 },
        { date: '2026-07-01', score: -0.2 },
        { date: '2026-07-20', score: -0.5 },
      ],
      rentalDates: ['2026-01-10', '2026-02-10', '2026-03-12', '2026-04-10'],
    });
    expect(risk.factors.map((f) => [f.factor, f.points])).toEqual([
      ['overdue_invoices', 30],
      ['falling_activity', 20],
      ['negative_sentiment', 25],
      ['lapsed_rentals', 25],
    ]);
    expect(risk).toMatchObject({ score: 100, level: 'high' });
    expect(risk.factors[3].evidence).toBe('no rental for 144 days; the customer usually rents every 30 days');
    expect(
      assessCustomerRisk({
        asOf: '2026-09-01',
        overdueInvoices: [],
        activity: { recent: 5, previous: 5 },
        sentiment: [],
        rentalDates: [],
      }),
    ).toEqual({ level: 'low', score: 0, factors: [] });
  });

  it('combines them into next actions', () => {
    const out = customerInsights({
      asOf: '2026-09-01',
      overdueInvoices: [{ amount: 300, daysOverdue: 10 }],
      activity: { recent: 4, previous: 4 },
      sentiment: [],
      rentalDates: [],
      customerOrders: [order('a', '2026-08-01', 'excavator')],
      organizationOrders: organization,
    });
    expect(out.risk.level).toBe('low');
    expect(out.nextActions.map((a) => a.action)).toEqual([
      'Call about the overdue invoices before the next rental',
      'Offer trailer with the next rental',
    ]);
  });
});
