// `npm run cluster [-- --verbose]`: two web servers and two billing workers on a PostgreSQL primary of
// their own with a streaming standby, an S3-compatible store, the provider simulators and HAProxy in
// front, on free ports, until Ctrl-C (scripts/cluster/start-cluster.ts). Everything is in a scratch folder
// removed when it stops.
import { startCluster } from './cluster/start-cluster';

const cluster = await startCluster({ verbose: process.argv.includes('--verbose') });
console.log(`
  The cluster is running.
  Through the balancer:  ${cluster.balancerUrl}/login   (readiness ${cluster.balancerUrl}/api/ready)
  Web servers:           ${cluster.webUrls.join(', ')}
  Database:              ${cluster.databaseUrl}   (standby ${cluster.replicaUrl})
  Metrics:               curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.balancerUrl}/api/metrics
  Ctrl-C stops everything and removes its data.
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
