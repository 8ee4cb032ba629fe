// The gym's app through its Branch deep link (welcome screen): made with the gym's Branch key through
// Branch's link API (the sandbox's Branch simulator in development). A slow or failing Branch leaves the
// link out rather than the welcome screen waiting on it.
import type { AppDeps } from '../../app-deps';

const BRANCH_API = 'https://api2.branch.io';
const TIMEOUT_MS = 3_000;

export async function gymAppLink(
  deps: Pick<AppDeps, 'env'>,
  gym: { name: string; uuid: string; branchKey: string },
  member: { id: number },
): Promise<string | null> {
  try {
    const response = await fetch(new URL('/v1/url', deps.env.BRANCH_API_URL ?? BRANCH_API), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        branch_key: gym.branchKey,
        channel: 'join_site',
        feature: 'welcome',
        data: { $og_title: `${gym.name} app`, gym_uuid: gym.uuid, member_id: String(member.id) },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { url?: unknown };
    return typeof answer.url === 'string' ? answer.url : null;
  } catch {
    return null;
  }
}
