// Adding staff: POST /organisations/{id}/staff (spec sections 3 and 5).
import { z } from 'zod';
import { STAFF_ROLES } from './roles';
import {
  boundedList,
  CONDITIONALLY_REQUIRED,
  EVEN_WITH_FIELD_ERRORS,
  email,
  idSchema,
  isBlank,
  LIST_LIMITS,
  requiredEnum,
  VALUE_REQUIRED,
} from './validation-messages';

/** The role value meaning "no organisation role: a role per gym" (the spec's -1). */
export const PER_GYM_ROLE = -1;

export const gymRoleSchema = z.object({ id: idSchema, role: requiredEnum(STAFF_ROLES) });

const roleField = z.union([requiredEnum(STAFF_ROLES), z.literal(PER_GYM_ROLE)], {
  error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : 'Value must be a role'),
});
const gymRolesField = boundedList(gymRoleSchema, LIST_LIMITS.gyms).optional().default([]);

/** The per-gym role (-1) needs at least one gym. */
function perGymNeedsGyms(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (value.role === PER_GYM_ROLE && (!Array.isArray(value.gyms) || value.gyms.length === 0)) {
    ctx.addIssue({ code: 'custom', message: CONDITIONALLY_REQUIRED, path: ['gyms'] });
  }
}

export const staffInviteSchema = z
  .object({
    /**
     * true: email an invitation; false: add the person by the name given (then needed). Either way they are
     * emailed a link and pending until they accept it.
     */
    inviting: z.boolean().optional().default(true),
    email: email(),
    role: roleField,
    name: z.string().trim().max(255).nullish(),
    gyms: gymRolesField,
  })
  .superRefine((invite, ctx) => {
    const value = invite as Record<string, unknown>;
    if (value.inviting === false && isBlank(value.name)) {
      ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED, path: ['name'] });
    }
    perGymNeedsGyms(value, ctx);
  }, EVEN_WITH_FIELD_ERRORS);

/**
 * PUT /api/staff/{id}: a staff member's roles, replaced whole: `admin` (every gym, and the organisation),
 * `personal_trainer` across the organisation (and any gym roles listed), or -1 with a role at each gym
 * listed.
 */
export const staffRolesSchema = z
  .object({ role: roleField, gyms: gymRolesField })
  .superRefine(
    (roles, ctx) => perGymNeedsGyms(roles as Record<string, unknown>, ctx),
    EVEN_WITH_FIELD_ERRORS,
  );

export type StaffRolesInput = z.output<typeof staffRolesSchema>;

export type StaffInput = z.output<typeof staffInviteSchema>;

/** POST /api/organisations/{id}/staff-exists: is there an account with this address? */
export const staffExistsBody = z.object({ email: email() });
