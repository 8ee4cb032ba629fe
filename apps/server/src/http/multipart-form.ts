// Multipart uploads in the OpenAPI document. Such a route reads its form itself (a JSON body schema
// would refuse a form), so it names the form in its route schema (`multipartForm`) and the document shows
// it as the request body under multipart/form-data: its fields, the file as binary, the limits.
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface MultipartForm {
  /** What the form is, with its limits: the request body's description. */
  description: string;
  fields: Record<string, { type: 'string'; format?: 'binary'; enum?: string[]; description: string }>;
  required: string[];
}

declare module 'fastify' {
  interface FastifySchema {
    /** The form of a multipart/form-data upload, for the OpenAPI document only (not validated). */
    multipartForm?: MultipartForm;
  }
}

/** An upload form with one image `file` (and any other text fields). */
export function imageUploadForm(input: {
  description: string;
  file: string;
  fields?: MultipartForm['fields'];
}): MultipartForm {
  return {
    description: input.description,
    fields: { ...input.fields, file: { type: 'string', format: 'binary', description: input.file } },
    required: [...Object.keys(input.fields ?? {}), 'file'],
  };
}

/** The zod provider's transform, and a route's `multipartForm` as its request body. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const { multipartForm, ...schema } = out.schema as { multipartForm?: MultipartForm };
  if (!multipartForm) return out;
  return {
    ...out,
    schema: {
      ...schema,
      body: {
        type: 'object',
        description: multipartForm.description,
        properties: multipartForm.fields,
        required: multipartForm.required,
      },
    },
  };
};
