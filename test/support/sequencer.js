/**
 * Jest's order, except on a first run (a fresh clone: no timings in jest's cache, so jest would go by file size):
 * then the files that run alone (the sweeps, the demo seed: small files, long runs) go first, longest-looking
 * first, and the shard runners (test/shards, docs/testing.md "Shards") after them, so that the last files to start
 * are short and the two workers finish together.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { sep } = require('node:path');

const isShard = (test) => test.path.includes(`${sep}shards${sep}`);

class FirstRunSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    return [...sorted.filter((test) => !isShard(test)), ...sorted.filter(isShard)];
  }
}

module.exports = FirstRunSequencer;
