// The collection while videos arrive runs only while an upload is open, and stops with the last one, however it ends.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { collectingUploadGarbage, collectUploadGarbage } from './upload-memory.ts';

const response = (closed = false) => Object.assign(new EventEmitter(), { closed }) as unknown as ServerResponse & EventEmitter;
const open = (res: ServerResponse) => new Promise<void>((resolve) => collectUploadGarbage({} as Request, res as never, () => resolve()));

describe('collecting the garbage of video uploads', () => {
  it('runs from the first open upload until the last one closes', async () => {
    expect(collectingUploadGarbage()).toBe(false);
    const first = response();
    const second = response();
    await open(first);
    await open(second);
    expect(collectingUploadGarbage()).toBe(true);
    first.emit('close');
    expect(collectingUploadGarbage()).toBe(true);
    second.emit('close');
    expect(collectingUploadGarbage()).toBe(false);
  });

  it('starts nothing for a client that is already gone', async () => {
    await open(response(true));
    expect(collectingUploadGarbage()).toBe(false);
  });
});
