// STORAGE_URL names an S3-compatible bucket: s3://[key:secret@]bucket?endpoint=http://host:9000&region=…
// Read here once (the configuration's schema refines with it), so a wrong address stops start-up.

export interface S3Location {
  bucket: string;
  /** Another S3-compatible server (MinIO, s3rver, …); absent means AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (http://host/bucket/key), which servers other than AWS need; on with an endpoint. */
  forcePathStyle: boolean;
  /** Keys in the address; without them the SDK's own chain (AWS_ACCESS_KEY_ID…, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const STORAGE_URL_HELP =
  'must be s3://bucket or s3://key:secret@bucket, with ?endpoint=http://host:port&region=… for a server other than AWS';

export function parseStorageUrl(value: string): S3Location | null {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 's3:' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(parsed.hostname)) return null;
  if (parsed.pathname !== '' && parsed.pathname !== '/') return null;
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) return null;
  const user = decodeURIComponent(parsed.username);
  const secret = decodeURIComponent(parsed.password);
  if ((user === '') !== (secret === '')) return null;
  const pathStyle = parsed.searchParams.get('force_path_style');
  return {
    bucket: parsed.hostname,
    ...(endpoint ? { endpoint } : {}),
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    ...(user ? { credentials: { accessKeyId: user, secretAccessKey: secret } } : {}),
  };
}
