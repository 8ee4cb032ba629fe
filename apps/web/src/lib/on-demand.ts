// Code loaded the first time it is needed, once: `onDemand(() => import('…').then((m) => m.thing))`. A
// failed download is forgotten, so the next call tries again.

export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
