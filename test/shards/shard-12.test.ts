import { runShard } from '../support/spec-shards';

runShard(__filename);
