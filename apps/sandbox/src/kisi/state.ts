// The Kisi simulator's memory: one organisation with places, locks, groups (sets of locks), users
// (managed users), their logins, role assignments (access rights) and the event stream.
export interface KisiPlace {
  id: number;
  name: string;
  address: string | null;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  updated_at: string;
}

export interface KisiLock {
  id: number;
  name: string;
  description: string | null;
  place_id: number;
  locked_down: boolean;
  created_at: string;
  updated_at: string;
}

export interface KisiGroup {
  id: number;
  name: string;
  description: string | null;
  place_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface KisiGroupLock {
  id: number;
  group_id: number;
  lock_id: number;
  created_at: string;
}

export interface KisiUser {
  id: number;
  name: string;
  email: string;
  confirmed: boolean;
  send_emails: boolean;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export interface KisiLogin {
  id: number;
  userId: number;
  type: string;
  name: string | null;
  device_brand: string | null;
  device_model: string | null;
  os_name: string | null;
  expire: boolean;
  secret: string;
  created_at: string;
  last_used_at: string | null;
}

export type Scope = 'organization' | 'place' | 'group';

export interface KisiRoleAssignment {
  id: number;
  user_id: number;
  role_id: string;
  scope: Scope;
  place_id: number | null;
  group_id: number | null;
  valid_from: string | null;
  valid_until: string | null;
  notify: boolean;
  created_at: string;
  updated_at: string;
}

export interface KisiEvent {
  uuid: string;
  actor_type: 'User';
  actor_id: number;
  actor_name: string;
  object_type: 'Lock';
  object_id: number;
  object_name: string;
  organization_id: number;
  place_id: number;
  success: boolean;
  type: 'lock.unlock';
  error_code: string | null;
  error_message: string | null;
  created_at: string;
}

export const ORGANIZATION = { id: 1, name: 'Sandbox Gyms', domain: 'sandbox-gyms' };

export class KisiState {
  private nextId = 1;
  places = new Map<number, KisiPlace>();
  locks = new Map<number, KisiLock>();
  groups = new Map<number, KisiGroup>();
  groupLocks = new Map<number, KisiGroupLock>();
  users = new Map<number, KisiUser>();
  logins = new Map<number, KisiLogin>();
  roleAssignments = new Map<number, KisiRoleAssignment>();
  events: KisiEvent[] = [];
  ownerId = 0;

  id(): number {
    return this.nextId++;
  }

  clear(): void {
    this.nextId = 1;
    for (const map of [
      this.places,
      this.locks,
      this.groups,
      this.groupLocks,
      this.users,
      this.logins,
      this.roleAssignments,
    ]) {
      map.clear();
    }
    this.events = [];
    this.ownerId = 0;
  }
}
