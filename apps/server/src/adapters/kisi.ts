// Kisi (door access) over plain fetch: places and doors, managed users, logins for them, access as
// role assignments with valid_from/valid_until, staff access, and lock.unlock webhook signatures.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue, kindForStatus, ProviderError } from './provider-error';

export interface KisiConfig {
  /** The organisation's API key (`Authorization: KISI-LOGIN <key>`). */
  apiKey: string;
  /** Default https://api.kisi.io. Sandbox: http://127.0.0.1:4103. */
  apiUrl?: string;
  /** The event webhook integration's signature key (X-Signature: hex HMAC-SHA256 of the body). */
  webhookSecret?: string;
  timeoutMs?: number;
}

interface KisiPlace {
  id: number;
  name: string;
  address: string | null;
}

interface KisiDoor {
  id: number;
  name: string;
  placeId: number;
}

export interface KisiUnlockEvent {
  uuid: string;
  type: string;
  success: boolean;
  actorId: number;
  actorName: string;
  lockId: number;
  lockName: string;
  placeId: number;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
}

export interface KisiAdapter {
  listPlaces(): Promise<KisiPlace[]>;
  createPlace(input: { name: string; address?: string }): Promise<KisiPlace>;
  listDoors(placeId: number): Promise<KisiDoor[]>;
  /** A group (set of doors) members are given access to. */
  createGroup(input: { placeId: number; name: string; lockIds: number[] }): Promise<{ groupId: number }>;
  /** Finds the managed user with this email, or creates one (no Kisi emails). */
  ensureUser(input: { email: string; name: string }): Promise<{ userId: number }>;
  grantAccess(input: {
    userId: number;
    groupId: number;
    validFrom: Date;
    validUntil: Date | null;
  }): Promise<{ roleAssignmentId: number }>;
  changeAccess(
    roleAssignmentId: number,
    input: { validFrom?: Date; validUntil?: Date | null },
  ): Promise<void>;
  revokeAccess(roleAssignmentId: number): Promise<void>;
  grantStaffAccess(input: {
    userId: number;
    placeId: number;
    roleId?: string;
  }): Promise<{ roleAssignmentId: number }>;
  /** A login made on the member's behalf; its secret is the member's credential. */
  createLogin(email: string): Promise<{ loginId: number; secret: string }>;
  recreateLogin(email: string, previousLoginId: number | null): Promise<{ loginId: number; secret: string }>;
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): KisiUnlockEvent;
}

type Json = Record<string, unknown>;

/** Kisi's largest page. */
const KISI_PAGE = 250;

export function createKisiAdapter(config: KisiConfig): KisiAdapter {
  const base = (config.apiUrl ?? 'https://api.kisi.io').replace(/\/$/, '');

  async function request<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
    return (await send<T>(method, path, body)).json;
  }

  /**
   * Every item of a Kisi list: Kisi answers a page at a time (`limit`, `offset`) and says where it is in
   * `X-Collection-Range: <first>-<last>/<total>`; without that header the one answer is the whole list.
   */
  async function listAll(path: string): Promise<Json[]> {
    const items: Json[] = [];
    for (;;) {
      const joiner = path.includes('?') ? '&' : '?';
      const page = await send<Json[]>('GET', `${path}${joiner}limit=${KISI_PAGE}&offset=${items.length}`);
      items.push(...page.json);
      const total = Number(/\/(\d+)\s*$/.exec(page.headers.get('x-collection-range') ?? '')?.[1]);
      if (page.json.length === 0 || !Number.isFinite(total) || items.length >= total) return items;
    }
  }

  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ json: T; headers: Headers }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `KISI-LOGIN ${config.apiKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
      });
    } catch (error) {
      // A key that cannot travel in a header: say so without echoing it (the error text would).
      if (error instanceof TypeError && !/fetch failed/i.test(error.message)) {
        throw new ProviderError('kisi', 'unauthorized', 'The Kisi API key is not in a form Kisi accepts.');
      }
      throw new ProviderError(
        'kisi',
        'unavailable',
        `Kisi could not be reached: ${(error as Error).message}`,
        undefined,
        { cause: error },
      );
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) {
      const detail = json as { error?: string; errors?: Record<string, string[]> } | null;
      const message =
        detail?.error ?? (detail?.errors ? JSON.stringify(detail.errors) : `HTTP ${response.status}`);
      throw new ProviderError('kisi', kindForStatus(response.status), message, response.status);
    }
    return { json: json as T, headers: response.headers };
  }

  const createLogin = async (email: string) => {
    const login = await request<{ id: number; secret: string }>('POST', '/logins', {
      login: {
        type: 'device',
        email,
        expire: false,
        device_brand: 'Gym membership',
        device_model: 'Web',
        os_name: 'web',
      },
    });
    return { loginId: login.id, secret: login.secret };
  };

  return {
    listPlaces: async () =>
      (await listAll('/places')).map((p) => ({
        id: p.id as number,
        name: p.name as string,
        address: (p.address as string | null) ?? null,
      })),
    createPlace: async ({ name, address }) => {
      const p = await request('POST', '/places', { place: { name, address, time_zone: 'Pacific/Auckland' } });
      return { id: p.id as number, name: p.name as string, address: (p.address as string | null) ?? null };
    },
    listDoors: async (placeId) =>
      (await listAll(`/locks?place_id=${placeId}`)).map((l) => ({
        id: l.id as number,
        name: l.name as string,
        placeId: l.place_id as number,
      })),
    createGroup: async ({ placeId, name, lockIds }) => {
      const group = await request('POST', '/groups', { group: { name, place_id: placeId } });
      for (const lockId of lockIds)
        await request('POST', '/group_locks', { group_lock: { group_id: group.id, lock_id: lockId } });
      return { groupId: group.id as number };
    },
    ensureUser: async ({ email, name }) => {
      const found = await listAll(`/users?query=${encodeURIComponent(email)}`);
      const existing = found.find((u) => String(u.email).toLowerCase() === email.toLowerCase());
      if (existing) return { userId: existing.id as number };
      const user = await request('POST', '/users', {
        user: { name, email, send_emails: false, confirm: true },
      });
      return { userId: user.id as number };
    },
    grantAccess: async ({ userId, groupId, validFrom, validUntil }) => {
      const assignment = await request('POST', '/role_assignments', {
        role_assignment: {
          user_id: userId,
          role_id: 'group_basic',
          group_id: groupId,
          valid_from: validFrom.toISOString(),
          valid_until: validUntil ? validUntil.toISOString() : null,
          notify: false,
        },
      });
      return { roleAssignmentId: assignment.id as number };
    },
    changeAccess: async (roleAssignmentId, { validFrom, validUntil }) => {
      await request('PATCH', `/role_assignments/${roleAssignmentId}`, {
        role_assignment: {
          ...(validFrom ? { valid_from: validFrom.toISOString() } : {}),
          ...(validUntil !== undefined ? { valid_until: validUntil ? validUntil.toISOString() : null } : {}),
        },
      });
    },
    revokeAccess: async (roleAssignmentId) => {
      try {
        await request('DELETE', `/role_assignments/${roleAssignmentId}`);
      } catch (error) {
        if (!(error instanceof ProviderError && error.kind === 'not_found')) throw error;
      }
    },
    grantStaffAccess: async ({ userId, placeId, roleId = 'place_access_manager' }) => {
      const assignment = await request('POST', '/role_assignments', {
        role_assignment: { user_id: userId, role_id: roleId, place_id: placeId, notify: false },
      });
      return { roleAssignmentId: assignment.id as number };
    },
    createLogin,
    recreateLogin: async (email, previousLoginId) => {
      if (previousLoginId !== null) {
        await request('DELETE', `/logins/${previousLoginId}`).catch((error: unknown) => {
          if (!(error instanceof ProviderError && error.kind === 'not_found')) throw error;
        });
      }
      return createLogin(email);
    },
    verifyWebhook: (headers, rawBody) => {
      if (config.webhookSecret && !kisiSignatureMatches(config.webhookSecret, headers, rawBody)) {
        throw new ProviderError('kisi', 'invalid_signature', 'Kisi webhook signature does not match');
      }
      return readKisiEvent(rawBody);
    },
  };
}

/**
 * Whether the body carries Kisi's signature with this key (X-Signature: hex HMAC-SHA256 of the body).
 * Each organisation sets its own key on its event webhook integration in Kisi, so the handler asks with
 * each key that could be the sender's.
 */
export function kisiSignatureMatches(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): boolean {
  const given = Buffer.from(headerValue(headers, 'x-signature') ?? '');
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Kisi event's body, read (throws SyntaxError when it is not JSON). */
export function readKisiEvent(rawBody: string): KisiUnlockEvent {
  const e = JSON.parse(rawBody) as Json;
  return {
    uuid: String(e.uuid),
    type: String(e.type),
    success: e.success === true,
    actorId: Number(e.actor_id),
    actorName: String(e.actor_name ?? ''),
    lockId: Number(e.object_id),
    lockName: String(e.object_name ?? ''),
    placeId: Number(e.place_id),
    errorCode: (e.error_code as string | null) ?? null,
    errorMessage: (e.error_message as string | null) ?? null,
    createdAt: String(e.created_at),
  };
}
