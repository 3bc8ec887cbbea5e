/** The loopback balancer lives with the benchmarks (bench/balancer.ts), which run it too (`npm run bench soak`). */
export { Balancer } from '../../bench/balancer';
