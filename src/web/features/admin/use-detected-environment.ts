import { useEffect, useState } from 'react';
import { detectEnvironment, type AppEnv } from '../../../shared/environment.ts';

/** docs/product/spec.md section 9: the environment is re-detected every 5 seconds on the admin page. */
export function useDetectedEnvironment(intervalMs = 5_000): { env: AppEnv; checkedAt: Date } {
  const read = () => ({ env: detectEnvironment(window.location.hostname), checkedAt: new Date() });
  const [state, setState] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setState(read()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return state;
}
