import { describe, expect, it } from 'vitest';
import { canResendInvitation, gymsText, staffRoleLabel, statusBadge } from './staff-display';

describe('how staff read', () => {
  it('names the organisation role, or -- for per-gym staff', () => {
    expect(staffRoleLabel({ role: 'admin' })).toBe('Admin');
    expect(staffRoleLabel({ role: 'personal_trainer' })).toBe('Personal Trainer');
    expect(staffRoleLabel({ role: null })).toBe('--');
  });

  it('lists gyms with their roles; organisation admins hold them all', () => {
    expect(gymsText({ role: 'admin', gyms: [] })).toBe('All gyms');
    expect(gymsText({ role: null, gyms: [] })).toBe('--');
    expect(
      gymsText({
        role: null,
        gyms: [
          { id: 1, name: 'Ponsonby', role: 'personal_trainer' },
          { id: 2, name: 'Te Aro', role: 'admin' },
        ],
      }),
    ).toBe('Ponsonby (Personal Trainer), Te Aro (Admin)');
  });

  it('badges pending and deactivated staff only', () => {
    expect(statusBadge({ status: 'active' })).toBeNull();
    expect(statusBadge({ status: 'pending' })?.label).toBe('Pending');
    expect(statusBadge({ status: 'deactivated' })?.label).toBe('Deactivated');
  });

  it('offers a new invitation only to staff still without a password', () => {
    expect(canResendInvitation({ awaiting_password: true, status: 'pending' })).toBe(true);
    expect(canResendInvitation({ awaiting_password: true, status: 'deactivated' })).toBe(false);
    expect(canResendInvitation({ awaiting_password: false, status: 'active' })).toBe(false);
  });
});
