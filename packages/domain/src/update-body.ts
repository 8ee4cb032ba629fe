// Update calls (PUT) take any subset of a record's fields: absent means unchanged, null means clear.
import { z } from 'zod';

type UpdateShape<Shape extends z.ZodRawShape> = {
  [K in keyof Shape]: z.ZodOptional<Shape[K] extends z.ZodDefault<infer Inner> ? Inner : Shape[K]>;
};

/**
 * The body of an update call from the schema of a whole record: every field may be left out, and none
 * takes its default (a default would overwrite what is stored). Rules across fields are not part of it:
 * they hold for the record after the change, so the server checks the stored values with the given ones
 * laid over them against the whole schema.
 */
export function updateBodyOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as unknown as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.removeDefault() as z.ZodType) : field).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<Shape>>;
}

/** The stored record in its request shape with the fields that were given laid over it. */
export function withGiven<T extends Record<string, unknown>>(stored: T, given: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) merged[key] = value;
  return merged as T;
}
