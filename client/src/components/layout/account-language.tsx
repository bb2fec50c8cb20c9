// A signed-in person reads the product in their account's language, on every device.
import { useEffect } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { applyLanguage } from '@/lib/language';

export function AccountLanguage() {
  const { user } = useCurrentUser();
  const locale = user?.locale;
  useEffect(() => {
    if (locale) void applyLanguage(locale);
  }, [locale]);
  return null;
}
