// Uploading the gym's logo: the chosen image is checked (type, 2 MB) and previewed before it is sent.
import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { errorClass, serverMessages } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import type { Gym } from '../api/gym-answers';
import { useUploadGymLogo } from '../api/upload-gym-logo';
import { fileSizeText, LOGO_ACCEPT, logoFileProblem } from '../lib/logo-file';
import { FormActions } from './form-actions';
import { GymLogo } from './gym-logo';

/** An object URL for the chosen file, released when the file changes or the form goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export function GymLogoForm({ gym }: { gym: Gym }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadGymLogo();
  const problem = file ? logoFileProblem(file) : null;
  const preview = usePreviewUrl(file && !problem ? file : null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? (logoFileProblem(chosen) ?? undefined) : undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose an image first');
    if (problem) return setError(problem);
    upload.mutate(
      { id: gym.id, file },
      {
        onSuccess: () => {
          setFile(null);
          notifySuccess('The new logo is saved.', gym.name);
        },
        onError: (failure) => setError(serverMessages(failure, ['file'] as const).file),
      },
    );
  };

  return (
    <SectionCard title="Logo" description="Shown on the staff site and to members when they join.">
      <form onSubmit={submit} noValidate aria-label="Logo">
        <Stack gap="md">
          <Group gap="xl" align="flex-start">
            <Stack gap={6} align="center">
              <GymLogo gym={gym} size={96} />
              <Text size="xs" c="dimmed">
                {gym.logo ? 'Current logo' : 'No logo yet'}
              </Text>
            </Stack>
            {preview ? (
              <Stack gap={6} align="center">
                <Image
                  src={preview}
                  alt="Preview of the new logo"
                  w={96}
                  h={96}
                  fit="contain"
                  radius="md"
                  bd="1px dashed var(--mantine-color-blue-5)"
                  p={4}
                />
                <Text size="xs" c="dimmed">
                  New logo, not saved yet
                </Text>
              </Stack>
            ) : null}
          </Group>
          <FileInput
            label="Logo image"
            description={`PNG, JPEG or WebP, up to 2 MB. ${file && !problem ? `Chosen: ${fileSizeText(file.size)}.` : ''}`}
            placeholder="Choose an image"
            accept={LOGO_ACCEPT}
            clearable
            value={file}
            onChange={choose}
            error={error}
            leftSection={<IconPhotoUp size={16} aria-hidden />}
            w={{ base: '100%', xs: 360 }}
            {...errorClass(error)}
          />
          <FormActions label="Upload logo" pending={upload.isPending} disabled={!file || problem !== null} />
        </Stack>
      </form>
    </SectionCard>
  );
}
