import { Client } from 'pg';
import { LIVE_CHANNEL, type LiveMessage } from '../../src/live/publish';

/** The live messages of one topic as the database channel carries them (a job's progress: `job:<id>`). */
export async function listenTopic(
  url: string,
  topic: string,
): Promise<{ messages: LiveMessage[]; stop(): Promise<void> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const messages: LiveMessage[] = [];
  client.on('notification', (n) => {
    const m = JSON.parse(n.payload ?? '{}') as LiveMessage;
    if (m.topic === topic) messages.push(m);
  });
  await client.query(`listen ${LIVE_CHANNEL}`);
  return { messages, stop: () => client.end() };
}
