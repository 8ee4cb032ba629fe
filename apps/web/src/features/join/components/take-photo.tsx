// /take-photo: the member's photo for the front desk. The camera when the phone has one and the member
// allows it (take, look, retake, use); otherwise, or by choice, a photo from the phone's files.
import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { useUploadPhoto } from '../api/join-api';
import { WRAPPING_LABEL } from './wrapping-label';

type Camera = 'starting' | 'on' | 'unavailable';

export function TakePhoto() {
  const navigate = useNavigate();
  const upload = useUploadPhoto();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [shot, setShot] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    setCamera('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setCamera('on');
    } catch {
      setCamera('unavailable');
    }
  }, []);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  const capture = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) setShot(blob);
      },
      'image/jpeg',
      0.9,
    );
  };

  const send = (file: Blob) => {
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        stop();
        void navigate(route('register.choose-payment-method'));
      },
      onError: (failure) => {
        const first = serverFieldErrors(failure)?.file;
        setError(Array.isArray(first) ? String(first[0]) : errorMessage(failure));
      },
    });
  };

  const preview = shot ? URL.createObjectURL(shot) : null;
  return (
    <Stack gap="md">
      <Text>The front desk uses your photo to welcome you. Face the camera in good light.</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {camera === 'unavailable' ? (
        <Alert color="yellow">We could not use a camera here. Choose a photo of yourself instead.</Alert>
      ) : null}
      {preview ? <Image src={preview} alt="Your photo" radius="md" /> : null}
      {/* The video stays mounted while a photo is previewed, so Retake shows the live camera again. */}
      <video
        ref={video}
        playsInline
        muted
        aria-label="Camera"
        style={{ width: '100%', borderRadius: 8, display: camera === 'on' && !shot ? 'block' : 'none' }}
      />
      {camera === 'on' && !shot ? (
        <Button size="lg" {...WRAPPING_LABEL} onClick={capture}>
          Take photo
        </Button>
      ) : null}
      {shot ? (
        <Group grow>
          <Button size="lg" {...WRAPPING_LABEL} variant="default" onClick={() => setShot(null)}>
            Retake
          </Button>
          <Button size="lg" {...WRAPPING_LABEL} loading={upload.isPending} onClick={() => send(shot)}>
            Use this photo
          </Button>
        </Group>
      ) : null}
      <FileButton onChange={(file) => file && send(file)} accept="image/png,image/jpeg,image/webp">
        {(props) => (
          <Button
            {...props}
            size="lg"
            variant={camera === 'on' ? 'subtle' : 'filled'}
            loading={upload.isPending && !shot}
          >
            Upload a photo
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
