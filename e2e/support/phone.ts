// A job seeker's phone for browser journeys: its network and processor made slow as on mobile data (Chrome's own
// emulation, through the DevTools protocol), the connection cut and restored, a person's typing pace and
// a stopwatch for the time spent waiting on the product.
import type { CDPSession, Locator, Page } from 'playwright-core';

/** 3G as the journeys measure it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms of latency, a processor 4 times slower. */
export const THREE_G = { downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, latencyMs: 150, cpuSlowdown: 4 };

export interface Network {
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
  latencyMs: number;
}

export class Phone {
  private readonly session: CDPSession;
  private readonly network: Network | undefined;
  private readonly cpuSlowdown: number | undefined;

  private constructor(session: CDPSession, network: Network | undefined, cpuSlowdown: number | undefined) {
    this.session = session;
    this.network = network;
    this.cpuSlowdown = cpuSlowdown;
  }

  /** The page's network (and processor, when `cpuSlowdown` is given) as on a slow phone; unthrottled without. */
  static async of(page: Page, options: Partial<Network> & { cpuSlowdown?: number } = {}): Promise<Phone> {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    const network =
      options.downloadBitsPerSecond || options.uploadBitsPerSecond
        ? { downloadBitsPerSecond: options.downloadBitsPerSecond ?? -1, uploadBitsPerSecond: options.uploadBitsPerSecond ?? -1, latencyMs: options.latencyMs ?? 0 }
        : undefined;
    const phone = new Phone(session, network, options.cpuSlowdown);
    await phone.online();
    await phone.setProcessorSlowdown(options.cpuSlowdown);
    return phone;
  }

  /**
   * Runs `run` with the processor at full speed, and slows it again after. Chromium slows a page's processor by making
   * its main thread spin in a busy loop (three quarters of the time at 4×), whether the page has work or not: a slowed
   * page keeps most of a core of the machine running the tests busy for nothing (docs/architecture.md, Tests).
   * Journeys lift it only while the person's own time passes and the page has nothing to do but count it.
   */
  async atFullSpeed<T>(run: () => Promise<T>): Promise<T> {
    await this.setProcessorSlowdown(1);
    try {
      return await run();
    } finally {
      await this.setProcessorSlowdown(this.cpuSlowdown);
    }
  }

  private async setProcessorSlowdown(rate: number | undefined) {
    if (this.cpuSlowdown) await this.session.send('Emulation.setCPUThrottlingRate', { rate: rate ?? 1 });
  }

  /** The connection cut: requests in flight fail, the browser says it is offline. */
  async offline() {
    await this.session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }

  /** The connection back, as slow as it was. */
  async online() {
    const n = this.network;
    await this.session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: n?.latencyMs ?? 0,
      downloadThroughput: n && n.downloadBitsPerSecond > 0 ? n.downloadBitsPerSecond / 8 : -1,
      uploadThroughput: n && n.uploadBitsPerSecond > 0 ? n.uploadBitsPerSecond / 8 : -1,
    });
  }
}

/** About five characters a second, as people type on a phone. */
export const TYPING_DELAY_MS = 200;

/** Types into a field as a person does, character by character (`delayMs` apart). */
export async function typeAsAPerson(field: Locator, text: string, delayMs = TYPING_DELAY_MS): Promise<void> {
  await field.click();
  await field.pressSequentially(text, { delay: delayMs });
}

/**
 * Time spent waiting on the product: each wait for the product to show, load, start or finish something, with what
 * was waited for. Typing, choosing and the recording itself are the person's time, not counted.
 */
export class Stopwatch {
  readonly started = performance.now();
  readonly waits: { what: string; ms: number }[] = [];

  async waitFor<T>(what: string, until: Promise<T> | (() => Promise<T>)): Promise<T> {
    const from = performance.now();
    try {
      return await (typeof until === 'function' ? until() : until);
    } finally {
      this.waits.push({ what, ms: performance.now() - from });
    }
  }

  get waitedMs() {
    return this.waits.reduce((sum, wait) => sum + wait.ms, 0);
  }

  get totalMs() {
    return performance.now() - this.started;
  }
}

