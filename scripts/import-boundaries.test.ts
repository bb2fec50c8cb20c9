import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js (docs/architecture.md), and the React names Preact lacks, each shown refusing a
// wrong import and allowing a right one. Each text is linted as if it were at the path given, so the imports resolve
// against the real tree.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const cases: Array<{ what: string; file: string; wrong: string; right: string; rule: string }> = [
  {
    what: 'a feature importing another feature (by alias)',
    file: 'client/src/features/profile/components/example.tsx',
    wrong: "import { companyAccountQuery } from '@/features/company/api/get-company-account';\nexport const x = companyAccountQuery;\n",
    right: "import { cn } from '@/lib/utils';\nexport const x = cn;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a feature importing another feature (by a relative path)',
    file: 'client/src/features/profile/components/example.tsx',
    wrong: "import { companyAccountQuery } from '../../company/api/get-company-account';\nexport const x = companyAccountQuery;\n",
    right: "import { useCurrentUser } from '@/lib/auth';\nexport const x = useCurrentUser;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'lib/ importing a feature',
    file: 'client/src/lib/example.ts',
    wrong: "import { companyAccountQuery } from '@/features/company/api/get-company-account';\nexport const x = companyAccountQuery;\n",
    right: "import { cn } from './utils';\nexport const x = cn;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'shared/ importing the server',
    file: 'shared/example.ts',
    wrong: "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n",
    right: "import { LIMITS } from './constants.ts';\nexport const x = LIMITS;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a service importing a route',
    file: 'server/services/example.ts',
    wrong: "import { objectFilesRouter } from '../routes/objects.ts';\nexport const x = objectFilesRouter;\n",
    right: "import { findObjectByKeys } from './uploads.ts';\nexport const x = findObjectByKeys;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a service importing Express',
    file: 'server/services/example.ts',
    wrong: "import express from 'express';\nexport const x = express;\n",
    right: "import { DomainError } from '../domain-error.ts';\nexport const x = DomainError;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a route querying the database itself',
    file: 'server/routes/example.ts',
    wrong: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    right: "import { findObjectByKeys } from '../services/uploads.ts';\nexport const x = findObjectByKeys;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a storage driver importing a service',
    file: 'server/storage/example.ts',
    wrong: "import { findObjectByKeys } from '../services/uploads.ts';\nexport const x = findObjectByKeys;\n",
    right: "import { OBJECT_KEY } from './object-storage.ts';\nexport const x = OBJECT_KEY;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: "a React API that Preact's compatibility layer lacks",
    file: 'client/src/components/ui/example.tsx',
    wrong: "import { useActionState } from 'react';\nexport const x = useActionState;\n",
    right: "import { useState } from 'react';\nexport const x = useState;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: "Preact's useId, whose ids can repeat after a part suspends",
    file: 'client/src/components/ui/example.tsx',
    wrong: "import { useId } from 'react';\nexport const x = useId;\n",
    right: "import { useState } from 'react';\nexport const x = useState;\n",
    rule: 'no-restricted-imports',
  },
  {
    // The bucket's upload store imports the disk's module; that module importing it back closes a cycle.
    what: 'an import cycle',
    file: 'server/video/video-upload-store.ts',
    wrong: "import { createS3VideoUploadStore } from './s3-video-upload-store.ts';\nexport const x = createS3VideoUploadStore;\nexport const VIDEO_UPLOAD_TTL_MS = 1;\n",
    right: "import path from 'node:path';\nexport const x = path;\nexport const VIDEO_UPLOAD_TTL_MS = 1;\n",
    rule: 'import-x/no-cycle',
  },
];

describe('the import rules between layers', () => {
  // The first case loads ESLint's whole configuration and type-aware resolver: a second or two on an idle machine, and
  // more while other test files run beside it.
  it.each(cases)('refuse $what, and allow the right import', { timeout: 30_000 }, async ({ file, wrong, right, rule }) => {
    expect(await problems(file, wrong)).toContain(rule);
    expect(await problems(file, right)).toEqual([]);
  });
});
