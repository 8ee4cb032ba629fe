// `npm run cluster [-- --verbose]`: two web servers and two billing workers on one PostgreSQL database of
// their own, an S3-compatible store, the provider simulators and HAProxy in front, on free ports, until
// Ctrl-C (scripts/cluster/start-cluster.ts). The PostgreSQL server is CLUSTER_SERVER_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; the cluster's database is dropped when it stops.
import { startCluster } from './cluster/start-cluster';

const cluster = await startCluster({
  serverUrl: process.env.CLUSTER_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  verbose: process.argv.includes('--verbose'),
});
console.log(`
  The cluster is running.
  Through the balancer:  ${cluster.balancerUrl}/login   (readiness ${cluster.balancerUrl}/api/ready)
  Web servers:           ${cluster.webUrls.join(', ')}
  Database:              ${cluster.databaseUrl}
  Metrics:               curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.balancerUrl}/api/metrics
  Ctrl-C stops everything and drops the database.
`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
