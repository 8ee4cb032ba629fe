// POST /api/gyms/{id}/logo (multipart: collection=logo, file). The server re-encodes it as a PNG.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

async function uploadGymLogo({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.append('collection', 'logo');
  form.append('file', file, file.name);
  return (await api.post(`/api/gyms/${id}/logo`, form, { schema: gymAnswer })).data;
}

export function useUploadGymLogo() {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: uploadGymLogo,
    meta: { errorTitle: 'Could not upload the logo' },
    onSuccess: (gym) => saved(gym),
  });
}
