// Counts every call to an outside service where the adapters are made (adapters/providers.ts), so no
// feature has to: each asynchronous method of an adapter is timed and counted as answered or failed.
import { providerCalls, providerDuration } from './registry';

export function counted<T extends object>(provider: string, adapter: T): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        const end = providerDuration.startTimer({ provider });
        return result.then(
          (answer) => {
            end();
            providerCalls.inc({ provider, call: property, outcome: 'answered' });
            return answer;
          },
          (error: unknown) => {
            end();
            providerCalls.inc({ provider, call: property, outcome: 'failed' });
            throw error;
          },
        );
      };
    },
  });
}
