// Run by server/video/upload-memory.test.ts in a node of its own, with or without --expose-gc: opens a video upload
// (a response that is not closed yet), makes garbage outside V8's heap as a video's pieces would, and prints what
// happened as one line of JSON.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'express';
import { collectingUploadGarbage, collectUploadGarbage, uploadGarbageCollection } from '../video/upload-memory.ts';

const response = (closed = false) => Object.assign(new EventEmitter(), { closed }) as unknown as ServerResponse & EventEmitter;
const open = (res: ServerResponse) => new Promise<void>((resolve) => collectUploadGarbage({} as Request, res as never, () => resolve()));

let minorCollections = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minorCollections++;
  }
}).observe({ entryTypes: ['gc'] });

const gone = response(true);
await open(gone);
const afterGone = collectingUploadGarbage();

const first = response();
const second = response();
await open(first);
await open(second);
const whileOpen = collectingUploadGarbage();

// 1 MiB pieces dropped at once, paced as a fast upload's, until a minor collection is seen or 64 MiB went by.
let garbage = 0;
while (minorCollections === 0 && garbage < 64) {
  Buffer.alloc(1024 * 1024, 1);
  garbage++;
  await sleep(2);
}

first.emit('close');
const afterFirstClose = collectingUploadGarbage();
second.emit('close');
const afterLastClose = collectingUploadGarbage();

console.log(JSON.stringify({ uploadGarbageCollection, afterGone, whileOpen, afterFirstClose, afterLastClose, minorCollections, garbageMiB: garbage }));
process.exit(0);
