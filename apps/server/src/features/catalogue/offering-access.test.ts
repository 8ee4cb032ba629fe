import { describe, expect, it } from 'vitest';
import { assertMayWrite } from './offering-access';

describe('assertMayWrite', () => {
  const gymAdmin = { everything: false, gymIds: [1, 2] };
  it('lets organisation admins change anything', () => {
    expect(() =>
      assertMayWrite({ everything: true, gymIds: [] }, { allGymsAccess: true, gymId: null, gymIds: [] }),
    ).not.toThrow();
  });
  it('lets gym admins change offerings of their gyms only', () => {
    expect(() =>
      assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: null, gymIds: [1, 2] }),
    ).not.toThrow();
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: 3, gymIds: [1] })).toThrow(
      /gyms you are an admin of/,
    );
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: null, gymIds: [] })).toThrow(
      /gyms you are an admin of/,
    );
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: true, gymId: null, gymIds: [] })).toThrow(
      /for all gyms/,
    );
  });
});
