/** Sentiment, summary and the per-contact trend (docs/ai.md). */
import { analyzeSentiment, sentimentTrend, summarize } from '../src/ai';

it('reads a complaint VADER alone scores positive as negative', () => {
  const s = analyzeSentiment("The generator won't start and we have a pour tomorrow, this is urgent");
  expect(s.label).toBe('negative');
  expect(s.score).toBeLessThan(-0.05);
  expect(s.cues).toEqual(expect.arrayContaining(["won't start"]));
});

it.each([
  ['Thanks so much, the delivery was on time and the crew loves the telehandler!', 'positive'],
  ['Please send the statement for February to the Apex office.', 'neutral'],
  ['The excavator came back with no damage. No action needed.', 'neutral'],
  ['We were charged full price even though the lift was delivered a day late. Very frustrating.', 'negative'],
])('%s -> %s', (text, label) => {
  expect(analyzeSentiment(text).label).toBe(label);
});

it('keeps scores within -1..1 and an empty text neutral', () => {
  expect(analyzeSentiment('')).toEqual({ label: 'neutral', score: 0, cues: [] });
  const s = analyzeSentiment('Terrible, awful, broken, dead battery, unacceptable, the worst rental ever!!!');
  expect(s.score).toBeGreaterThanOrEqual(-1);
});

it('summarises with the informative sentences, in order, without greetings', () => {
  const text =
    'Hi Tom,\nThanks for the call earlier. The 20kW generator on the Lakeview site stopped working this morning. We need a replacement generator on site by noon tomorrow or the pour is off. The crew is otherwise happy with the lifts. Cheers, Carlos';
  const summary = summarize(text);
  expect(summary).toContain('replacement generator');
  expect(summary).not.toMatch(/^Hi/);
  expect(summary.length).toBeLessThanOrEqual(320);
  expect(summarize('Short note.')).toBe('Short note.');
});

describe('sentimentTrend', () => {
  it('finds a decline and its slope', () => {
    const t = sentimentTrend([
      { date: '2026-01-05', score: 0.6 },
      { date: '2026-02-05', score: 0.3 },
      { date: '2026-03-05', score: -0.1 },
      { date: '2026-03-20', score: -0.4 },
    ]);
    expect(t.direction).toBe('declining');
    expect(t.slopePer30Days).toBeLessThan(-0.1);
    expect(t.recentAverage).toBe(-0.25);
    expect(t.label).toBe('negative');
    expect(t.latest).toEqual({ date: '2026-03-20', score: -0.4 });
  });

  it('is stable when flat, and says when there is too little data', () => {
    expect(sentimentTrend([0, 1, 2, 3].map((i) => ({ date: `2026-0${i + 1}-10`, score: 0.2 }))).direction).toBe(
      'stable',
    );
    expect(sentimentTrend([{ date: '2026-01-01T10:00:00Z', score: 0.5 }])).toMatchObject({
      direction: 'insufficient_data',
      count: 1,
      average: 0.5,
    });
    expect(sentimentTrend([])).toMatchObject({ direction: 'insufficient_data', count: 0, average: null, latest: null });
  });
});
