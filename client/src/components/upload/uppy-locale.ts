// Uppy's dialog speaks the reader's language: its texts come from the common catalogue (uploader.*), with Uppy's
// own English for anything rarer than a single-document upload shows. Counted texts take the language's plural
// forms from Intl.PluralRules, the same forms the catalogue holds.
import type { UppyOptions } from '@uppy/core';
import type { TFunction } from 'i18next';

const TEXTS = [
  'dashboardTitle',
  'dashboardWindowTitle',
  'closeModal',
  'dropPasteFiles',
  'browseFiles',
  'back',
  'removeFile',
  'cancel',
  'cancelUpload',
  'retryUpload',
  'retry',
  'uploading',
  'uploadComplete',
  'complete',
  'uploadFailed',
  'done',
  'error',
  'exceedsSize',
  'youCanOnlyUploadFileTypes',
  'dataUploadedOfTotal',
  'xTimeLeft',
] as const;
const COUNTED = ['xFilesSelected', 'uploadingXFiles'] as const;

type UppyLocale = NonNullable<UppyOptions<Record<string, never>, Record<string, never>>['locale']>;

export function uppyLocale(t: TFunction, language: string): UppyLocale {
  const rules = new Intl.PluralRules(language);
  const categories = rules.resolvedOptions().pluralCategories;
  const strings: Record<string, string | Record<number, string>> = {};
  for (const key of TEXTS) strings[key] = t(`uploader.${key}`);
  for (const key of COUNTED) {
    strings[key] = Object.fromEntries(categories.map((category, index) => [index, t(`uploader.${key}_${category}`)]));
  }
  return { strings, pluralize: (n: number) => categories.indexOf(rules.select(n)) };
}
