/**
 * `npm run bench:ws:two`'s proxy: one process of the loopback reverse proxy that stands for
 * deploy/Caddyfile in front of the instances (e2e/support/balancer.ts: upgrades passed through as
 * TCP, X-Forwarded-* added, a device kept on one instance). bench/ws-bench.ts starts one per load
 * generator, as a proxy runs several workers: one process of this machine may hold 20,000 open files,
 * and 5,000 players through one process are 10,000 sockets. TARGETS: the instances' addresses,
 * comma-separated; a client whose user agent ends in `playshop-device/N` goes to instance N mod count.
 */
import { startBalancer } from '../e2e/support/balancer';

const targets = (process.env.TARGETS ?? '').split(',').filter(Boolean);
if (targets.length === 0) throw new Error('TARGETS: the instances to proxy to, comma-separated');
const balancer = await startBalancer(Number(process.env.PORT ?? 0));
balancer.route(targets);
console.log(`LISTENING ${new URL(balancer.url).port}`);
const stop = () => void balancer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
