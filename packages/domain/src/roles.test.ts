import { describe, expect, it } from 'vitest';
import { isStaffRole, roleLabel } from './roles';

describe('roles', () => {
  it('shows admin, personal trainer, and -- for anything else', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('personal_trainer')).toBe('Personal Trainer');
    for (const other of ['owner', '', null, undefined, '-1']) expect(roleLabel(other)).toBe('--');
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole(-1)).toBe(false);
  });
});
