// The playback speeds a reviewer can choose, and the one chosen last, remembered in this browser.
import { useCallback, useState } from 'react';

export const PLAYBACK_SPEEDS = [1, 1.5, 2] as const;
const SPEED_KEY = 'wazifa.review.speed';

/** The speed the reviewer chose last, kept in this browser for the next profiles and the next visit. */
export function useRememberedSpeed() {
  const [speed, setSpeed] = useState<number>(() => {
    const saved = Number(globalThis.localStorage?.getItem(SPEED_KEY));
    return (PLAYBACK_SPEEDS as readonly number[]).includes(saved) ? saved : 1;
  });
  const choose = useCallback((next: number) => {
    setSpeed(next);
    try {
      localStorage.setItem(SPEED_KEY, String(next));
    } catch {
      // Storage refused (private mode): the speed holds for this page only.
    }
  }, []);
  return [speed, choose] as const;
}
