/**
 * The colour theme, kept in localStorage under `theme` (SPEC.md §3): 'light', 'dark' or 'system'.
 * 'system' is treated as light, and light is the default. public/theme-init.js applies the stored
 * theme before the first paint; this module changes it afterwards.
 */
import { useSyncExternalStore } from 'react';

export type ThemeSetting = 'light' | 'dark' | 'system';
export const THEME_KEY = 'theme';

function readSetting(): ThemeSetting {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'dark' || value === 'system' || value === 'light' ? value : 'light';
  } catch {
    return 'light';
  }
}

export const isDark = (setting: ThemeSetting) => setting === 'dark';

const listeners = new Set<() => void>();

export function applyTheme(setting: ThemeSetting = readSetting()) {
  document.documentElement.classList.toggle('dark', isDark(setting));
  document.documentElement.style.colorScheme = isDark(setting) ? 'dark' : 'light';
}

export function setTheme(setting: ThemeSetting) {
  try {
    localStorage.setItem(THEME_KEY, setting);
  } catch {}
  applyTheme(setting);
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeSetting {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSetting,
    () => 'light',
  );
}
