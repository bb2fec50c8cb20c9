import { describe, expect, it } from 'vitest';
import { noDatabaseMessage } from './embedded.ts';

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
