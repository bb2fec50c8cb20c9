// libuv reads UV_THREADPOOL_SIZE once, when its thread pool is first used: this module is the first import of
// server/index.ts, so it runs before any other module of the server does.
import { sizeThreadPool } from './config.ts';

sizeThreadPool();
