import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The desktop sidebar's collapsed state, remembered in localStorage `sidebarCollapsed` (spec section 2). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readStorage(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      writeStorage(STORAGE_KEYS.sidebarCollapsed, String(next));
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
