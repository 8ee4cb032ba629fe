// Where the benchmarks' PostgreSQL database lives and who signs in to it.
export const BENCH_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gym_bench';
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-gym-2026', name: 'Bench Admin' };
/** Admin of the first bench gym only: the gym-scoped scenarios sign in as this person. */
export const BENCH_GYM_ADMIN = {
  email: 'gym-admin@bench.test',
  password: 'bench-gym-2026',
  name: 'Bench Gym Admin',
};
export const BENCH_ORGANISATION = 'Bench Fitness Group';

/** The value after `--name` on the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  return value ?? fallback;
}
