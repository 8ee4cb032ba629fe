// One settings section's save: check the body with the domain's schema, send it, then a success toast,
// or the messages beside the fields (the form's own or the server's 422), scrolled into view.
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { checkPayload, type FieldErrors, scrollToFirstError, serverFieldErrors } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Organisation } from '../api/organisation-answers';
import {
  type SettingsSection,
  type SettingsSections,
  useUpdateOrganisation,
} from '../api/update-organisation';

interface SectionOptions {
  /** The toast after a save, e.g. 'Grace period saved'. */
  success: string;
  /** The fields this section shows, so server messages for others still reach the person. */
  fields: readonly string[];
}

export function useSectionSave<S extends SettingsSection>(
  organisationId: number,
  section: S,
  options: SectionOptions,
) {
  const mutation = useUpdateOrganisation(organisationId, section);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    // After React has put the messages on screen.
    requestAnimationFrame(() => scrollToFirstError(formRef.current ?? document));
  };

  const save = (schema: ZodType, payload: unknown, onSaved?: (organisation: Organisation) => void) => {
    const { input, errors: found } = checkPayload(schema, payload);
    if (input === null) {
      showErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(input as SettingsSections[S], {
      onSuccess: (organisation) => {
        notifySuccess(options.success, 'Saved');
        onSaved?.(organisation);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (!fields) return; // the app-wide handler has shown it
        showErrors(fields);
        if (!options.fields.some((field) => fields[field])) notifyError(error, 'Could not save the settings');
      },
    });
  };

  /** A changed field stops showing its old message. */
  const clear = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  return { errors, save, clear, pending: mutation.isPending, formRef };
}
