/**
 * The soak's load generator, a process of its own: autocannon sends `amount`
 * requests over 10 connections, each connection going round the given paths
 * (one per world). Prints `{"requests": ..., "errors": ..., "rps": ...}`.
 * Usage: tsx bench/soak-load.ts ORIGIN TOKEN AMOUNT PATH...
 */
type Autocannon = (options: Record<string, unknown>) => Promise<{
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

const [origin = '', token = '', amount = '1000000', ...paths] = process.argv.slice(2);
// autocannon ships no types; this is the one call used.
const name = 'autocannon';
const autocannon = ((await import(name)) as { default: Autocannon }).default;
const result = await autocannon({
  url: origin,
  connections: 10,
  amount: Number(amount),
  headers: { 'PRIVATE-TOKEN': token },
  requests: paths.map((path) => ({ method: 'GET', path })),
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    rps: result.requests.average,
  }),
);
